import { App, Form, Input, Modal } from 'antd';
import { maskPhone } from '@portal/domain/accounts';
import { MSG } from '@portal/domain/messages';
import { changePassword } from '@portal/domain/validation';
import { CaptchaField } from '../../../components/verification/captcha-field';
import { SmsCodeField } from '../../../components/verification/sms-code-field';
import { useCaptcha } from '../../../components/verification/use-captcha';
import { sameAsRule, zodRule } from '../../../lib/form-rules';
import { updatePassword } from '../api/update-password';
import '../../access/components/login.css';

/** 修改密码: a code to the bound phone (type forget), the new password twice. */
export function ChangePasswordDialog({ open, phone, onClose }: { open: boolean; phone: string; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const captcha = useCaptcha();

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await updatePassword({ captcha: v.captcha, password: v.password });
    } catch {
      return;
    }
    message.success(MSG.modifyOk);
    form.resetFields();
    onClose();
  };

  return (
    <Modal open={open} title="修改密码" onCancel={onClose} onOk={submit} okText={MSG.confirm} cancelText={MSG.cancel} destroyOnHidden width={520}>
      <Form form={form} name="changePassword" layout="vertical" preserve={false} initialValues={{ phone }}>
        <Form.Item label="手机号">
          <Input value={maskPhone(phone)} disabled />
        </Form.Item>
        <Form.Item name="phone" hidden>
          <Input />
        </Form.Item>
        <CaptchaField captcha={captcha} />
        <SmsCodeField form={form} captcha={captcha} type="forget" />
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
