import { MobileOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { phone } from '@portal/domain/validation';
import { useState } from 'react';
import { zodRule } from '../../../lib/form-rules';
import { smsLogin } from '../api/auth';
import { CaptchaField } from './captcha-field';
import { SmsCodeField } from './sms-code-field';
import { useCaptcha } from './use-captcha';
import { useSignIn } from './use-sign-in';
import { ActionLink } from '../../../components/action-link';

interface Values {
  phone: string;
  code: string;
  captcha: string;
}

/** SMS-code sign-in: phone, graphic captcha, SMS code. */
export function SmsLoginForm({ isSub, onPasswordLogin }: { isSub: boolean; onPasswordLogin: () => void }) {
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha();
  const [busy, setBusy] = useState(false);
  const signIn = useSignIn();

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const { token } = await smsLogin({ phone: v.phone.trim(), captcha: v.captcha.trim(), isSubAccount: isSub });
      signIn(token);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" size="large" onFinish={submit} requiredMark={false}>
      <Form.Item name="phone" label="手机号" rules={[zodRule(phone)]}>
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号码" maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <SmsCodeField form={form} captcha={captcha} type="login" />
      <div className="login-card__row">
        <span />
        <ActionLink onClick={onPasswordLogin}>
          账号密码登录
        </ActionLink>
      </div>
      <Button type="primary" htmlType="submit" block loading={busy}>
        登录
      </Button>
    </Form>
  );
}
