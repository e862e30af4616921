import { PLATFORM_API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { requiredTextRule } from '@portal/domain/login-rules';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { notifyNext } from '../../lib/notifier';
import { platformToken } from '../../lib/token-store';
import { useDocumentTitle } from '../../app/layout/use-document-title';
import { useAntdHost } from '../../app/routes/login-antd-host';
import { platformHttp } from '../lib/platform-request';
import { PlainCaptcha, PlainInput, PlainItem, PlainSubmit, usePlainForm } from '../../features/access/components/plain-form';
import { useLoginCaptcha } from '../../features/access/use-login-captcha';
import '../layout/platform.css';
import '../../styles/login.css';

interface LoginForm extends Record<string, unknown> {
  account: string;
  password: string;
  /** The graphic captcha, once the server asks for it (after three wrong passwords, decision 113). */
  code: string;
}

const RULES = { account: requiredTextRule(MSG.accountRequired), password: requiredTextRule(MSG.passwordRequired) };

/**
 * Operator sign-in (POST /api/platform/login, role platform); the token is kept apart from the vendor's.
 * Plain elements drawn as antd's Card and Form, no antd until a toast needs it (decision 183).
 */
export default function PlatformLoginScreen() {
  useDocumentTitle();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const form = usePlainForm<LoginForm>({ account: '', password: '', code: '' }, RULES);
  const captcha = useLoginCaptcha();
  const host = useAntdHost(false, null, null);
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
      const { token } = await platformHttp.post<{ token: string }>(PLATFORM_API.login, { account: v.account, password: v.password, ...captcha.fields(v.code) });
      platformToken.set(token);
      notifyNext((a) => a.message.success(MSG.loginOk));
      const back = params.get('redirect');
      navigate(back && back.startsWith('/platform/') && back !== paths.platform.login.path ? back : paths.platform.recharges.getHref(), { replace: true });
    } catch (err) {
      // the message is shown by the request layer
      form.reset({ password: '', code: '' });
      captcha.afterRefusal(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="platform-login">
      <div className="plain-card platform-login__card">
        <div className="plain-card__body">
          <div className="platform-login__title">
            <img src="/logo.svg" alt="" width={32} height={32} />
            平台运营后台
          </div>
          <form className="plain-form" onSubmit={submit} noValidate>
            <PlainItem id="account" label="运营账号" error={form.errors.account}>
              <PlainInput id="account" icon="user" value={v.account} onValue={(x) => form.set('account', x)} error={form.errors.account} placeholder="请输入账号" autoComplete="username" />
            </PlainItem>
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
              />
            </PlainItem>
            {captcha.needed && (
              <PlainCaptcha value={v.code} onValue={(x) => form.reset({ code: x })} error={form.errors.code} img={captcha.state.img} onRefresh={() => void captcha.state.refresh()} />
            )}
            <PlainSubmit busy={busy}>登 录</PlainSubmit>
          </form>
        </div>
      </div>
      {host}
    </div>
  );
}
