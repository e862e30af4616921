import { LockOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { MSG } from '@portal/domain/messages';
import { newPassword } from '@portal/domain/validation';
import { useState } from 'react';
import { sameAsRule, zodRule } from '../../../lib/form-rules';
import { forgetPassword } from '../api/auth';
import { PhoneVerificationFields } from '../../../components/verification/phone-verification-fields';
import { useCaptcha } from '../../../components/verification/use-captcha';
import { ActionLink } from '../../../components/action-link';

interface Values {
  phone: string;
  code: string;
  captcha: string;
  password: string;
  confirm: string;
}

/** Reset a forgotten password by SMS code: phone, captcha, code, new password, confirmation. */
export function ForgotPasswordForm({ onDone, onLogin }: { onDone: () => void; onLogin: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha();
  const [busy, setBusy] = useState(false);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await forgetPassword({ phone: v.phone.trim(), captcha: v.captcha.trim(), password: v.password });
      message.success(MSG.modifyOk);
      onDone();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" size="large" onFinish={submit} requiredMark={false}>
      <PhoneVerificationFields form={form} captcha={captcha} type="forget" />
      <Form.Item name="password" label="新密码" rules={[zodRule(newPassword)]} extra="密码长度6-20位，建议使用大小写字母与数字组合">
        <Input.Password prefix={<LockOutlined />} placeholder="请设置新密码" maxLength={20} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label="确认密码" dependencies={['password']} rules={[sameAsRule('password', MSG.confirmRequired, MSG.passwordMismatch)]}>
        <Input.Password prefix={<LockOutlined />} placeholder="请再次输入新密码" maxLength={20} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        确认修改
      </Button>
      <div className="login-card__switch">
        想起密码了？<ActionLink onClick={onLogin}>返回登录</ActionLink>
      </div>
    </Form>
  );
}
