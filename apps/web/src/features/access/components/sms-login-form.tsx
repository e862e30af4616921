import { Button, Form } from 'antd';
import { useState } from 'react';
import { smsLogin } from '../api/auth';
import { PhoneVerificationFields } from '../../../components/verification/phone-verification-fields';
import { useCaptcha } from '../../../components/verification/use-captcha';
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
      <PhoneVerificationFields form={form} captcha={captcha} type="login" />
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
