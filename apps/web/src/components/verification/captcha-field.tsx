import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Form, Input, Spin } from 'antd';
import type { CaptchaState } from './use-captcha';

/**
 * Graphic captcha input (form field `code`) with its image; clicking the image loads a new one.
 * It guards only the SMS-code request (SmsCodeField checks it then), so submitting the form does not.
 */
export function CaptchaField({ captcha }: { captcha: CaptchaState }) {
  const form = Form.useFormInstance();
  const clearError = () => {
    if (form.getFieldError('code').length) form.setFields([{ name: 'code', errors: [] }]);
  };
  return (
    <Form.Item required label="图形验证码">
      <div className="captcha-row">
        <Form.Item name="code" noStyle>
          <Input prefix={<SafetyCertificateOutlined />} placeholder="请输入图形验证码" maxLength={6} autoComplete="off" onChange={clearError} />
        </Form.Item>
        <button type="button" className="captcha-img" onClick={() => void captcha.refresh()} title="看不清？点击换一张" aria-label="图形验证码，点击换一张">
          {captcha.img ? <img src={captcha.img} alt="图形验证码" data-testid="captcha-image" /> : <Spin size="small" />}
        </button>
      </div>
    </Form.Item>
  );
}
