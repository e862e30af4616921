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
import '../layout/platform.css';

interface LoginForm {
  account: string;
  password: string;
}

/** Operator sign-in (POST /api/platform/login, role platform); the token is kept apart from the vendor's. */
export default function PlatformLoginScreen() {
  useDocumentTitle();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);

  const submit = async (values: LoginForm) => {
    setBusy(true);
    try {
      const { token } = await platformHttp.post<{ token: string }>(PLATFORM_API.login, values);
      platformToken.set(token);
      message.success(MSG.loginOk);
      const back = params.get('redirect');
      navigate(back && back.startsWith('/platform/') && back !== paths.platform.login.path ? back : paths.platform.recharges.getHref(), { replace: true });
    } catch {
      // shown by the request layer
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
        <Form<LoginForm> layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="account" label="运营账号" rules={[zodRule(requiredText(MSG.accountRequired))]}>
            <Input prefix={<UserOutlined />} placeholder="请输入账号" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[zodRule(requiredText(MSG.passwordRequired))]}>
            <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
