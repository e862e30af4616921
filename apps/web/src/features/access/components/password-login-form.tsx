import { MSG } from '@portal/domain/messages';
import { accountRule, loginPasswordRule, phoneRule } from '@portal/domain/login-rules';
import { useState, type FormEvent } from 'react';
import { passwordLogin } from '../api/auth';
import { readRememberedLogin, writeRememberedLogin } from '../remembered-login';
import { useSignIn } from './use-sign-in';
import { ActionLink } from '../../../components/action-link';
import { useLoginCaptcha } from '../use-login-captcha';
import { PlainCaptcha, PlainCheckbox, PlainInput, PlainItem, PlainSubmit, usePlainForm } from './plain-form';

interface Values extends Record<string, unknown> {
  userName: string;
  password: string;
  remember: boolean;
  /** The graphic captcha, once the server asks for it (after three wrong passwords). */
  code: string;
}

/**
 * Password sign-in for a main account (phone) or a sub-account (account name). Plain elements, not
 * antd: it is the first screen most visits see (decision 183).
 */
export function PasswordLoginForm({ isSub, onForgot, onSmsLogin }: { isSub: boolean; onForgot: () => void; onSmsLogin: () => void }) {
  const remembered = readRememberedLogin();
  const form = usePlainForm<Values>(
    remembered && remembered.isSubAccountFlag === isSub
      ? { userName: remembered.userName, password: remembered.password, remember: true, code: '' }
      : { userName: '', password: '', remember: !!remembered, code: '' },
    { userName: isSub ? accountRule : phoneRule, password: loginPasswordRule },
  );
  const [busy, setBusy] = useState(false);
  const signIn = useSignIn();
  const captcha = useLoginCaptcha();
  const v = form.values;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !form.validate()) return;
    if (captcha.needed && !v.code.trim()) {
      form.setError('code', MSG.captchaRequired);
      return;
    }
    setBusy(true);
    try {
      const userName = v.userName.trim();
      const extra = captcha.fields(v.code);
      const { token } = isSub
        ? await passwordLogin({ isSubAccount: true, account: userName, password: v.password, ...extra })
        : await passwordLogin({ isSubAccount: false, phone: userName, password: v.password, ...extra });
      writeRememberedLogin(v.remember ? { isSubAccountFlag: isSub, userName, password: v.password } : null);
      signIn(token);
    } catch (err) {
      form.reset({ password: '', code: '' });
      captcha.afterRefusal(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="plain-form plain-form--lg" onSubmit={submit} noValidate>
      {isSub ? (
        <PlainItem id="userName" label="子账号" error={form.errors.userName}>
          <PlainInput id="userName" icon="user" value={v.userName} onValue={(x) => form.set('userName', x)} error={form.errors.userName} placeholder="请输入账号" autoComplete="username" maxLength={20} />
        </PlainItem>
      ) : (
        <PlainItem id="userName" label="手机号" error={form.errors.userName}>
          <PlainInput
            id="userName"
            icon="mobile"
            value={v.userName}
            onValue={(x) => form.set('userName', x)}
            error={form.errors.userName}
            placeholder="请输入手机号码"
            autoComplete="username"
            maxLength={11}
            inputMode="numeric"
          />
        </PlainItem>
      )}
      <PlainItem id="password" label="密码" error={form.errors.password}>
        <PlainInput
          id="password"
          icon="lock"
          password
          value={v.password}
          onValue={(x) => form.set('password', x)}
          error={form.errors.password}
          placeholder="请输入密码"
          autoComplete="current-password"
          maxLength={20}
        />
      </PlainItem>
      {captcha.needed && (
        <PlainCaptcha
          value={v.code}
          onValue={(x) => form.reset({ code: x })}
          error={form.errors.code}
          img={captcha.state.img}
          onRefresh={() => void captcha.state.refresh()}
        />
      )}
      <div className="login-card__row">
        <PlainCheckbox id="remember" checked={v.remember} onChecked={(x) => form.set('remember', x)}>
          记住密码
        </PlainCheckbox>
        <span className="login-card__links">
          <ActionLink onClick={onForgot}>忘记密码</ActionLink>
          <ActionLink onClick={onSmsLogin}>短信验证码登录</ActionLink>
        </span>
      </div>
      <PlainSubmit busy={busy}>登 录</PlainSubmit>
    </form>
  );
}
