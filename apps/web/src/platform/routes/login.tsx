import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input } from 'antd';
import { PLATFORM_API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { requiredText } from '@portal/domain/validation';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { zodRule } from '../../lib/form-rules';
import { platformToken } from '../../lib/token-store';
import { useDocumentTitle } from '../../app/layout/use-document-title';
import { platformHttp } from '../lib/platform-request';
import { CaptchaField } from '../../components/verification/captcha-field';
import { useLoginCaptcha } from '../../features/access/use-login-captcha';
import '../layout/platform.css';
import '../../styles/login.css';

interface LoginForm {
  account: string;
  password: string;
  /** The graphic captcha, once the server asks for it (after three wrong passwords, decision 113). */
  code?: string;
}

/** Operator sign-in (POST /api/platform/login, role platform); the token is kept apart from the vendor's. */
export default function PlatformLoginScreen() {
  useDocumentTitle();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<LoginForm>();
  const captcha = useLoginCaptcha();

  const submit = async (values: LoginForm) => {
    if (captcha.needed && !values.code?.trim()) {
      form.setFields([{ name: 'code', errors: [MSG.captchaRequired] }]);
      return;
    }
    setBusy(true);
    try {
      const { token } = await platformHttp.post<{ token: string }>(PLATFORM_API.login, { account: values.account, password: values.password, ...captcha.fields(values.code) });
      platformToken.set(token);
      message.success(MSG.loginOk);
      const back = params.get('redirect');
      navigate(back && back.startsWith('/platform/') && back !== paths.platform.login.path ? back : paths.platform.recharges.getHref(), { replace: true });
    } catch (e) {
      // the message is shown by the request layer
      form.setFieldsValue({ password: '', code: '' });
      captcha.afterRefusal(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="platform-login">
      <Card className="platform-login__card">
        <div className="platform-login__title">
          <img src="/logo.svg" alt="" width={32} height={32} />
          平台运营后台
        </div>
        <Form<LoginForm> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="account" label="运营账号" rules={[zodRule(requiredText(MSG.accountRequired))]}>
            <Input prefix={<UserOutlined />} placeholder="请输入账号" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[zodRule(requiredText(MSG.passwordRequired))]}>
            <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
          </Form.Item>
          {captcha.needed && <CaptchaField captcha={captcha.state} />}
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
