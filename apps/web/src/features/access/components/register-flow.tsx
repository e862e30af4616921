import { CheckCircleFilled, LockOutlined, ShopOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Result, Steps } from 'antd';
import { MSG } from '@portal/domain/messages';
import { company, newPassword } from '@portal/domain/validation';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../config/paths';
import { zodRule } from '../../../lib/form-rules';
import { vendorToken } from '../../../lib/token-store';
import { AGREEMENT } from '../api/get-agreement';
import { register } from '../api/auth';
import { AgreementDialog } from './agreement-dialog';
import { PhoneVerificationFields } from '../../../components/verification/phone-verification-fields';
import { useCaptcha } from '../../../components/verification/use-captcha';
import { ActionLink } from '../../../components/action-link';

const agreed = z.literal(true, { error: MSG.agreementRequired });

interface Values {
  phone: string;
  code: string;
  captcha: string;
  agree: boolean;
  company: string;
  password: string;
}

/** Registration in three steps (spec 01 §2, §4): verify phone → complete info → done. */
export function RegisterFlow({ onLogin }: { onLogin: () => void }) {
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [agreement, setAgreement] = useState<number | null>(null);

  const next = async () => {
    try {
      await form.validateFields(['phone', 'captcha', 'agree']);
    } catch {
      return;
    }
    setStep(1);
  };

  const submit = async () => {
    let v: Values;
    try {
      await form.validateFields(['company', 'password']);
      v = form.getFieldsValue(true) as Values;
    } catch {
      return;
    }
    setBusy(true);
    try {
      const { token } = await register({ phone: v.phone.trim(), captcha: v.captcha.trim(), company: v.company.trim(), password: v.password });
      vendorToken.set(token);
      setStep(2);
    } catch {
      // shown by the request layer; a wrong or expired SMS code is fixed on step 1
    } finally {
      setBusy(false);
    }
  };

  const openAgreement = (id: number) => (e: React.MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setAgreement(id);
  };

  return (
    <div className="register">
      <Steps
        size="small"
        current={step}
        className="register__steps"
        items={[{ title: '验证手机号' }, { title: '完善信息' }, { title: '注册成功' }]}
      />
      <Form<Values> form={form} layout="vertical" size="large" requiredMark={false} initialValues={{ agree: false }}>
        {step === 0 && (
          <>
            <PhoneVerificationFields form={form} captcha={captcha} type="register" />
            <Form.Item name="agree" valuePropName="checked" rules={[zodRule(agreed)]}>
              <Checkbox>
                我已阅读并同意
                <a href="#" onClick={openAgreement(AGREEMENT.afterSales)}>
                  《售后服务协议》
                </a>
                和
                <a href="#" onClick={openAgreement(AGREEMENT.privacy)}>
                  《隐私政策》
                </a>
              </Checkbox>
            </Form.Item>
            <Button type="primary" block onClick={next}>
              下一步
            </Button>
            <div className="login-card__switch">
              已有账号？<ActionLink onClick={onLogin}>立即登录</ActionLink>
            </div>
          </>
        )}
        {step === 1 && (
          <>
            <Form.Item label="用户类型">
              <div className="register__type">
                <CheckCircleFilled /> 厂家
              </div>
            </Form.Item>
            <Form.Item name="company" label="公司/店铺名称" rules={[zodRule(company)]}>
              <Input prefix={<ShopOutlined />} placeholder="请输入您的公司/店铺名称" maxLength={100} />
            </Form.Item>
            <Form.Item name="password" label="登录密码" rules={[zodRule(newPassword)]} extra="密码长度6-20位，建议使用大小写字母与数字组合">
              <Input.Password prefix={<LockOutlined />} placeholder="请设置登录密码" maxLength={20} autoComplete="new-password" />
            </Form.Item>
            <div className="register__actions">
              <Button onClick={() => setStep(0)}>上一步</Button>
              <Button type="primary" onClick={submit} loading={busy}>
                注册
              </Button>
            </div>
          </>
        )}
      </Form>
      {step === 2 && (
        <Result
          status="success"
          title="注册成功"
          subTitle="您的厂家账号已开通，现在就可以发布服务订单"
          extra={
            <Button type="primary" size="large" onClick={() => navigate(paths.orderCreate.getHref(), { replace: true })}>
              立即下单
            </Button>
          }
        />
      )}
      <AgreementDialog id={agreement} onClose={() => setAgreement(null)} />
    </div>
  );
}
