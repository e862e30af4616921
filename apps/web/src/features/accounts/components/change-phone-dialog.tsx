import { App, Form, Input, Modal, Steps, type FormInstance } from 'antd';
import { useState } from 'react';
import { maskPhone } from '@portal/domain/accounts';
import { MSG } from '@portal/domain/messages';
import { phone as phoneRule } from '@portal/domain/validation';
import { CaptchaField } from '../../../components/verification/captcha-field';
import { SmsCodeField } from '../../../components/verification/sms-code-field';
import { useCaptcha } from '../../../components/verification/use-captcha';
import { zodRule } from '../../../lib/form-rules';
import { changePhone } from '../api/change-phone';
import { checkOldPhone } from '../api/check-old-phone';
import { OldPhoneCodeField } from './old-phone-code-field';
import '../../../styles/login.css';

/** 更换手机号 (spec 01 §4): step 1 verifies the old phone's code, step 2 binds the new phone. */
export function ChangePhoneDialog({ open, phone, onClose, onChanged }: { open: boolean; phone: string; onClose: () => void; onChanged: () => void }) {
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [oldCode, setOldCode] = useState('');
  const [form1] = Form.useForm();
  const [form2] = Form.useForm();

  const close = () => {
    setStep(0);
    setOldCode('');
    onClose();
  };

  const next = async () => {
    const v = await form1.validateFields();
    try {
      await checkOldPhone(v.captcha);
    } catch {
      return;
    }
    setOldCode(v.captcha);
    setStep(1);
  };

  const confirm = async () => {
    const v = await form2.validateFields();
    try {
      await changePhone({ captcha: oldCode, newCaptcha: v.captcha, newPhone: v.phone.trim() });
    } catch {
      return;
    }
    message.success(MSG.modifyOk);
    onChanged();
    close();
  };

  return (
    <Modal
      open={open}
      title="更换手机号"
      onCancel={close}
      onOk={step === 0 ? next : confirm}
      okText={step === 0 ? '下一步' : MSG.confirm}
      cancelText={MSG.cancel}
      destroyOnHidden
      width={520}
    >
      <Steps size="small" current={step} items={[{ title: '验证原手机号' }, { title: '绑定新手机号' }]} style={{ marginBottom: 24 }} />
      {step === 0 ? (
        <OldPhoneStep form={form1} phone={phone} />
      ) : (
        <NewPhoneStep form={form2} />
      )}
    </Modal>
  );
}

/** Step 1: the code sent to the bound phone; its own captcha loads when the step shows. */
function OldPhoneStep({ form, phone }: { form: FormInstance; phone: string }) {
  const captcha = useCaptcha();
  return (
    <Form form={form} name="changePhoneOld" layout="vertical" preserve={false}>
      <Form.Item label="原手机号">
        <Input value={maskPhone(phone)} disabled />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <OldPhoneCodeField form={form} captcha={captcha} />
    </Form>
  );
}

/** Step 2: the new phone and its code (SMS type changePhone). */
function NewPhoneStep({ form }: { form: FormInstance }) {
  const captcha = useCaptcha();
  return (
    <Form form={form} name="changePhoneNew" layout="vertical" preserve={false}>
      <Form.Item label="新手机号" name="phone" required rules={[zodRule(phoneRule)]}>
        <Input placeholder="请输入手机号码" maxLength={11} inputMode="numeric" />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <SmsCodeField form={form} captcha={captcha} type="changePhone" />
    </Form>
  );
}
