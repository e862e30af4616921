import { MessageOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, type FormInstance } from 'antd';
import type { SmsType } from '@portal/domain/enums';
import { countdownLabel, MSG } from '@portal/domain/messages';
import { captchaText, firstMessage, smsCode } from '@portal/domain/validation';
import { useEffect, useRef, useState } from 'react';
import { zodRule } from '../../lib/form-rules';
import { sendCode } from './verification-api';
import type { CaptchaState } from './use-captcha';

const COUNTDOWN_S = 60;

/** Where the code goes: the form's `phone` field as `type`, or a caller's own request (e.g. the bound phone). */
type Target = { type: SmsType; send?: never } | { send: (captcha: { code: string; uuid: string }) => Promise<unknown>; type?: never };

/**
 * SMS code input (form field `name`, default `captcha`) with 获取验证码 / 剩余{n}s. Asking for a code
 * first validates the graphic captcha (and the phone, when the code goes to the form's phone); the
 * captcha is single use, so it is refreshed after every try.
 */
export function SmsCodeField({ form, captcha, name = 'captcha', ...target }: { form: FormInstance; captcha: CaptchaState; name?: string } & Target) {
  const { message } = App.useApp();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  useEffect(() => () => clearInterval(timer.current), []);

  const start = () => {
    setLeft(COUNTDOWN_S);
    clearInterval(timer.current);
    timer.current = setInterval(() => {
      setLeft((n) => {
        if (n <= 1) clearInterval(timer.current);
        return n - 1;
      });
    }, 1000);
  };

  const request = async () => {
    const code = captchaText.safeParse(form.getFieldValue('code') ?? '');
    form.setFields([{ name: 'code', errors: code.success ? [] : [firstMessage(code.error)] }]);
    let phone = '';
    if (!target.send) {
      try {
        phone = ((await form.validateFields(['phone'])) as { phone: string }).phone.trim();
      } catch {
        return;
      }
    }
    if (!code.success) return;
    setSending(true);
    try {
      const asked = { code: code.data, uuid: captcha.uuid };
      await (target.send ? target.send(asked) : sendCode({ ...asked, phone, type: target.type }));
      message.success('验证码已发送，请注意查收');
      start();
    } catch {
      // the request layer showed why; a spent captcha must not be offered again
    } finally {
      form.setFieldValue('code', '');
      void captcha.refresh();
      setSending(false);
    }
  };

  return (
    <Form.Item required label="短信验证码">
      <div className="captcha-row">
        <Form.Item name={name} noStyle rules={[zodRule(smsCode)]}>
          <Input prefix={<MessageOutlined />} placeholder="请输入短信验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
        </Form.Item>
        <Button className="sms-btn" onClick={request} loading={sending} disabled={left > 0}>
          {left > 0 ? countdownLabel(left) : MSG.getCode}
        </Button>
      </div>
    </Form.Item>
  );
}
