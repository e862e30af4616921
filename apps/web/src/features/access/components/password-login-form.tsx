import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input } from 'antd';
import { MSG } from '@portal/domain/messages';
import { loginPassword, phone, requiredText } from '@portal/domain/validation';
import { useState } from 'react';
import { zodRule } from '../../../lib/form-rules';
import { passwordLogin } from '../api/auth';
import { readRememberedLogin, writeRememberedLogin } from '../remembered-login';
import { useSignIn } from './use-sign-in';
import { ActionLink } from '../../../components/action-link';
import { CaptchaField } from '../../../components/verification/captcha-field';
import { useLoginCaptcha } from '../use-login-captcha';

interface Values {
  userName: string;
  password: string;
  remember: boolean;
  /** The graphic captcha, once the server asks for it (after three wrong passwords). */
  code?: string;
}

/** Password sign-in for a main account (phone) or a sub-account (account name). */
export function PasswordLoginForm({ isSub, onForgot, onSmsLogin }: { isSub: boolean; onForgot: () => void; onSmsLogin: () => void }) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const signIn = useSignIn();
  const captcha = useLoginCaptcha();
  const remembered = readRememberedLogin();
  const initial: Values =
    remembered && remembered.isSubAccountFlag === isSub
      ? { userName: remembered.userName, password: remembered.password, remember: true }
      : { userName: '', password: '', remember: !!remembered };

  const submit = async (v: Values) => {
    if (captcha.needed && !v.code?.trim()) {
      form.setFields([{ name: 'code', errors: [MSG.captchaRequired] }]);
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
    } catch (e) {
      form.setFieldsValue({ password: '', code: '' });
      captcha.afterRefusal(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" size="large" initialValues={initial} onFinish={submit} requiredMark={false}>
      {isSub ? (
        <Form.Item name="userName" label="子账号" rules={[zodRule(requiredText(MSG.accountRequired))]}>
          <Input prefix={<UserOutlined />} placeholder="请输入账号" autoComplete="username" maxLength={20} />
        </Form.Item>
      ) : (
        <Form.Item name="userName" label="手机号" rules={[zodRule(phone)]}>
          <Input prefix={<MobileOutlined />} placeholder="请输入手机号码" autoComplete="username" maxLength={11} inputMode="numeric" />
        </Form.Item>
      )}
      <Form.Item name="password" label="密码" rules={[zodRule(loginPassword)]}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" maxLength={20} />
      </Form.Item>
      {captcha.needed && <CaptchaField captcha={captcha.state} />}
      <div className="login-card__row">
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>记住密码</Checkbox>
        </Form.Item>
        <span className="login-card__links">
          <ActionLink onClick={onForgot}>
            忘记密码
          </ActionLink>
          <ActionLink onClick={onSmsLogin}>
            短信验证码登录
          </ActionLink>
        </span>
      </div>
      <Button type="primary" htmlType="submit" block loading={busy}>
        登录
      </Button>
    </Form>
  );
}
