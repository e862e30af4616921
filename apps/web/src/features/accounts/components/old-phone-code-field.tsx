import { MessageOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, type FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { countdownLabel, MSG } from '@portal/domain/messages';
import { captchaText, firstMessage, smsCode } from '@portal/domain/validation';
import type { CaptchaState } from '../../../components/verification/use-captcha';
import { zodRule } from '../../../lib/form-rules';
import { sendOldPhoneCode } from '../api/send-old-phone-code';

const COUNTDOWN_S = 60;

/**
 * SMS code (form field `captcha`) sent to the bound phone through POST /api/sendPhoneSmsCode,
 * which takes only the graphic captcha: the server knows the phone. 获取验证码 / 剩余{n}s.
 * `type`: what the code is for (oldPhone: the change-phone step; forget: a password change).
 */
export function OldPhoneCodeField({ form, captcha, name = 'captcha', type = 'oldPhone' }: { form: FormInstance; captcha: CaptchaState; name?: string; type?: 'oldPhone' | 'forget' }) {
  const { message } = App.useApp();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);

  const request = async () => {
    const code = captchaText.safeParse(form.getFieldValue('code') ?? '');
    form.setFields([{ name: 'code', errors: code.success ? [] : [firstMessage(code.error)] }]);
    if (!code.success) return;
    setSending(true);
    try {
      await sendOldPhoneCode({ code: code.data, uuid: captcha.uuid, type });
      message.success('验证码已发送，请注意查收');
      setLeft(COUNTDOWN_S);
      clearInterval(timer.current);
      timer.current = setInterval(() => setLeft((n) => (n <= 1 ? (clearInterval(timer.current), 0) : n - 1)), 1000);
    } catch {
      // shown by the request layer
    } finally {
      form.setFieldValue('code', '');
      void captcha.refresh();
      setSending(false);
    }
  };

  return (
    <Form.Item required label="短信验证码">
      <div className="acc-code-row">
        <Form.Item name={name} noStyle rules={[zodRule(smsCode)]}>
          <Input prefix={<MessageOutlined />} placeholder="请输入短信验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
        </Form.Item>
        <Button onClick={request} loading={sending} disabled={left > 0} style={{ width: 120 }}>
          {left > 0 ? countdownLabel(left) : MSG.getCode}
        </Button>
      </div>
    </Form.Item>
  );
}
