import { MobileOutlined } from '@ant-design/icons';
import { Form, Input, type FormInstance } from 'antd';
import type { SmsType } from '@portal/domain/enums';
import { phone } from '@portal/domain/validation';
import { zodRule } from '../../lib/form-rules';
import { CaptchaField } from './captcha-field';
import { SmsCodeField } from './sms-code-field';
import type { CaptchaState } from './use-captcha';

/** Phone, graphic captcha and SMS code: the start of SMS login, registration and password reset. */
export function PhoneVerificationFields({ form, captcha, type }: { form: FormInstance; captcha: CaptchaState; type: SmsType }) {
  return (
    <>
      <Form.Item name="phone" label="手机号" rules={[zodRule(phone)]}>
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号码" maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <SmsCodeField form={form} captcha={captcha} type={type} />
    </>
  );
}
