import { App, Form, Input, Modal } from 'antd';
import { OLD_PASSWORD_REQUIRED, maskPhone } from '@portal/domain/accounts';
import { MSG } from '@portal/domain/messages';
import { changePassword } from '@portal/domain/validation';
import { CaptchaField } from '../../../components/verification/captcha-field';
import { useCaptcha } from '../../../components/verification/use-captcha';
import { sameAsRule, zodRule } from '../../../lib/form-rules';
import { updatePassword } from '../api/update-password';
import { OldPhoneCodeField } from './old-phone-code-field';
import '../../../styles/login.css';

/**
 * 修改密码: with a bound phone, a code sent to it (type forget, through the session so a sub-account's
 * own phone works too); a sub-account without a phone gives its old password. Then the new one twice.
 */
export function ChangePasswordDialog({ open, phone, onClose }: { open: boolean; phone: string; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await updatePassword(phone ? { captcha: v.captcha, password: v.password } : { oldPassword: v.oldPassword, password: v.password });
    } catch {
      return;
    }
    message.success(MSG.modifyOk);
    form.resetFields();
    onClose();
  };

  return (
    <Modal open={open} title="修改密码" onCancel={onClose} onOk={submit} okText={MSG.confirm} cancelText={MSG.cancel} destroyOnHidden width={520}>
      <Form form={form} name="changePassword" layout="vertical" preserve={false}>
        {phone ? (
          <PhoneCode form={form} phone={phone} />
        ) : (
          <Form.Item label="原密码" name="oldPassword" required rules={[{ required: true, whitespace: true, message: OLD_PASSWORD_REQUIRED }]} extra="当前账号未绑定手机号，请输入原密码">
            <Input.Password placeholder={OLD_PASSWORD_REQUIRED} maxLength={20} autoComplete="current-password" />
          </Form.Item>
        )}
        <Form.Item label="新密码" name="password" required rules={[zodRule(changePassword)]} extra="6-20 位，建议使用大小写字母与数字组合">
          <Input.Password placeholder="请输入密码" maxLength={20} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="确认密码" name="confirm" required dependencies={['password']} rules={[sameAsRule('password', MSG.confirmRequired, MSG.passwordMismatch)]}>
          <Input.Password placeholder="请输入确认密码" maxLength={20} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The bound phone (masked), the graphic captcha and the SMS code; mounted only when there is a phone. */
function PhoneCode({ form, phone }: { form: ReturnType<typeof Form.useForm>[0]; phone: string }) {
  const captcha = useCaptcha();
  return (
    <>
      <Form.Item label="手机号">
        <Input value={maskPhone(phone)} disabled />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <OldPhoneCodeField form={form} captcha={captcha} type="forget" />
    </>
  );
}
