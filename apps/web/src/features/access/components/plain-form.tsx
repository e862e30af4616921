import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { ZodMiniType } from 'zod/mini';
import { ruleMessage } from '@portal/domain/login-rules';
import { PlainIcon, type PlainIconName } from './plain-icons';

// The sign-in screens' form pieces without antd (decision 183): they draw and behave as antd's
// vertical Form, Input, Input.Password, Checkbox and primary Button do there (styles/login.css,
// `.plain-*`), and validate with the domain's zod/mini rules, each field on change and all on submit.

type Rules<V> = Partial<Record<keyof V, ZodMiniType>>;

/** Values, per-field errors and antd Form's validation timing: a field on change, every field on submit. */
export function usePlainForm<V extends Record<string, unknown>>(initial: V, rules: Rules<V>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const check = (name: keyof V, value: unknown) => (rules[name] ? ruleMessage(rules[name], value) : '');
  return {
    values,
    errors,
    /** Sets a value and validates its field, as antd's onChange trigger does. */
    set(name: keyof V, value: V[keyof V]) {
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: check(name, value) }));
    },
    /** Sets values without validating (clearing the password after a refusal). */
    reset(patch: Partial<V>) {
      setValues((v) => ({ ...v, ...patch }));
      setErrors((e) => {
        const next = { ...e };
        for (const k of Object.keys(patch)) delete next[k as keyof V];
        return next;
      });
    },
    setError(name: keyof V, message: string) {
      setErrors((e) => ({ ...e, [name]: message }));
    },
    /** Validates every field with a rule; true when all pass. */
    validate(): boolean {
      const next: Partial<Record<keyof V, string>> = {};
      for (const name of Object.keys(rules) as Array<keyof V>) next[name] = check(name, values[name]);
      setErrors((e) => ({ ...e, ...next }));
      return Object.values(next).every((m) => !m);
    },
  };
}

/** A vertical form item: label above, control, the rule's message below (in the item's bottom margin). */
export function PlainItem({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={error ? 'plain-item plain-item--error' : 'plain-item'}>
      <div className="plain-item__label">
        <label htmlFor={id} title={label}>
          {label}
        </label>
      </div>
      <div className="plain-item__control">{children}</div>
      {error ? (
        <>
          <div className="plain-item__explain" id={`${id}_help`}>
            <div className="plain-item__error">{error}</div>
          </div>
          <div className="plain-item__offset" />
        </>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'prefix'> & {
  id: string;
  value: string;
  onValue: (v: string) => void;
  icon: PlainIconName;
  error?: string;
  /** Input.Password: a visibility toggle after the text. */
  password?: boolean;
  className?: string;
};

/** antd's Input with a prefix icon (and Input.Password's eye), outlined, red while its field fails. */
export function PlainInput({ id, value, onValue, icon, error, password = false, className, ...rest }: InputProps) {
  const [shown, setShown] = useState(false);
  const cls = ['plain-input', error ? 'plain-input--error' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={cls}>
      <span className="plain-input__prefix">
        <PlainIcon name={icon} />
      </span>
      <input
        {...rest}
        id={id}
        type={password && !shown ? 'password' : 'text'}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}_help` : undefined}
      />
      {password && (
        <span className="plain-input__suffix">
          <span
            role="button"
            tabIndex={0}
            className="plain-input__eye"
            aria-pressed={shown}
            aria-label={shown ? '隐藏' : '显示'}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => setShown((s) => !s)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                setShown((s) => !s);
              }
            }}
          >
            <PlainIcon name={shown ? 'eye' : 'eye-invisible'} />
          </span>
        </span>
      )}
    </span>
  );
}

/** antd's Checkbox: a 16 px box before its label, the whole label clickable. */
export function PlainCheckbox({ id, checked, onChecked, children }: { id: string; checked: boolean; onChecked: (v: boolean) => void; children: ReactNode }) {
  return (
    <label className={checked ? 'plain-checkbox plain-checkbox--checked' : 'plain-checkbox'}>
      <span className="plain-checkbox__box">
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChecked(e.target.checked)} />
      </span>
      <span className="plain-checkbox__label">{children}</span>
    </label>
  );
}

/** antd's primary, block, large submit button; busy shows the spinning icon and takes no clicks. */
export function PlainSubmit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={busy ? 'plain-btn plain-btn--loading' : 'plain-btn'} aria-busy={busy || undefined}>
      {busy && (
        <span className="plain-btn__icon">
          <PlainIcon name="loading" spin />
        </span>
      )}
      <span>{children}</span>
    </button>
  );
}

/** The graphic captcha (input + image that loads a new one on click), as the antd CaptchaField draws it. */
export function PlainCaptcha({
  value,
  onValue,
  error,
  img,
  onRefresh,
}: {
  value: string;
  onValue: (v: string) => void;
  error?: string;
  img: string;
  onRefresh: () => void;
}) {
  return (
    <PlainItem id="code" label="图形验证码" error={error}>
      <div className="captcha-row">
        <PlainInput id="code" value={value} onValue={onValue} icon="safety-certificate" error={error} placeholder="请输入图形验证码" maxLength={6} autoComplete="off" />
        <button type="button" className="captcha-img" onClick={onRefresh} title="看不清？点击换一张" aria-label="图形验证码，点击换一张">
          {img ? <img src={img} alt="图形验证码" data-testid="captcha-image" /> : <span className="plain-spin" aria-hidden />}
        </button>
      </div>
    </PlainItem>
  );
}
