import type { FormInstance } from 'antd';
import type { CaptchaState } from '../../../components/verification/use-captcha';
import { SmsCodeField } from '../../../components/verification/sms-code-field';
import { sendOldPhoneCode } from '../api/send-old-phone-code';

/**
 * SMS code sent to the bound phone through POST /api/sendPhoneSmsCode, which takes only the graphic
 * captcha: the server knows the phone. `type`: what the code is for (oldPhone: the change-phone step;
 * forget: a password change).
 */
export function OldPhoneCodeField({ form, captcha, name, type = 'oldPhone' }: { form: FormInstance; captcha: CaptchaState; name?: string; type?: 'oldPhone' | 'forget' }) {
  return <SmsCodeField form={form} captcha={captcha} name={name} send={(c) => sendOldPhoneCode({ ...c, type })} />;
}
