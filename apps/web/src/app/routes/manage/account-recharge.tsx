import { App, Button, Card, Form, Input, Result, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { maskPhone } from '@portal/domain/money';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { rechargeBody, REMARKS_MAX } from '@portal/domain/wallet';
import { UploadField } from '../../../components/upload';
import { paths } from '../../../config/paths';
import { RequirePermission } from '../../../features/access/components/require-permission';
import { useAccess } from '../../../lib/access';
import { zodRule } from '../../../lib/form-rules';
import { isApiError } from '../../../lib/request';
import { useSubmitRecharge } from '../../../features/wallet/api/submit-recharge';
import { AmountPicker } from '../../../features/wallet/components/amount-picker';
import { BalanceCard } from '../../../features/wallet/components/balance-card';
import { PaymentQr } from '../../../features/wallet/components/payment-qr';
import '../../../features/wallet/components/wallet.css';

interface FormValues {
  rechargeAmount?: number | string;
  credentials?: string;
  remarks?: string;
}

const shape = rechargeBody.shape;

/** 账户充值 (spec 01 §2 accountRecharge): amount, scan to pay, proof, remarks; success page. Needs app:account:recharge (decision 002). */
export default function AccountRechargeScreen() {
  return (
    <RequirePermission perm={PERM.accountRecharge}>
      <Recharge />
    </RequirePermission>
  );
}

function Recharge() {
  const navigate = useNavigate();
  const { user, can } = useAccess();
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const [done, setDone] = useState<{ amount: number } | null>(null);
  const submit = useSubmitRecharge();
  // The result replaces a long form: without this the window stays scrolled below it (accounts review #4).
  useEffect(() => {
    if (done) window.scrollTo({ top: 0 });
  }, [done]);

  const onFinish = async (v: FormValues) => {
    const amount = Number(v.rechargeAmount);
    try {
      await submit.mutateAsync({ rechargeAmount: amount, credentials: v.credentials ?? '', remarks: v.remarks?.trim() ?? '' });
      setDone({ amount });
      message.success(MSG.submitOk);
    } catch (e) {
      if (!isApiError(e)) throw e;
    }
  };

  const account = (
    <div className="wallet-balance__account">
      充值账号
      <b>{maskPhone(user?.phone) || user?.account || '—'}</b>
    </div>
  );

  if (done) {
    return (
      <Card title="账户充值" variant="borderless">
        <Result
          status="success"
          title={MSG.submitOk}
          subTitle={`充值 ${done.amount} 元的申请已提交，平台确认到账后余额将自动增加，可在收支明细中查看进度。`}
          extra={[
            <Button
              type="primary"
              key="again"
              onClick={() => {
                form.resetFields();
                setDone(null);
              }}
            >
              再次充值
            </Button>,
            can(PERM.accountList) ? (
              <Button key="records" onClick={() => navigate(paths.manage.account.getHref())}>
                查看收支明细
              </Button>
            ) : null,
          ]}
        />
      </Card>
    );
  }

  return (
    <Card title="账户充值" variant="borderless">
      <BalanceCard extra={account} />
      <Steps
        className="recharge-steps"
        size="small"
        current={-1}
        items={[{ title: '选择充值金额' }, { title: '扫码付款' }, { title: '上传支付凭证' }, { title: '平台确认到账' }]}
      />
      <Form<FormValues> form={form} className="recharge-form" labelCol={{ flex: '110px' }} onFinish={onFinish} scrollToFirstError>
        <Form.Item name="rechargeAmount" label="充值金额" required rules={[zodRule(shape.rechargeAmount)]}>
          <AmountPicker />
        </Form.Item>
        <Form.Item label="扫码付款">
          <PaymentQr />
        </Form.Item>
        <Form.Item name="credentials" label="支付凭证" required rules={[zodRule(shape.credentials)]} extra="上传 1 张付款成功截图，支持 png、jpg、jpeg 格式">
          <UploadField dir="credentials" maxCount={1} buttonText="上传凭证" />
        </Form.Item>
        <Form.Item name="remarks" label="备注" rules={[zodRule(shape.remarks)]}>
          <Input.TextArea rows={4} maxLength={REMARKS_MAX} showCount placeholder="选填，如付款账户、转账时间等" />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" size="large" loading={submit.isPending} style={{ minWidth: 160 }}>
            提交
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
