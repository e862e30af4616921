import { Form, Input, Modal, Select } from 'antd';
import { paymentType } from '@portal/domain/enums';
import { adjustBody, isPlatformCredit, PLATFORM_CREDIT_TYPES, PLATFORM_DEBIT_TYPES, REMARKS_MAX } from '@portal/domain/wallet';
import { zodRule } from '../../../lib/form-rules';
import { isApiError } from '../../../lib/request';
import { useAdjustBalance, type PlatformVendor } from '../api/platform-wallet';
import { formatYuan } from './money-text';

interface Values {
  paymentType?: number;
  amount?: string;
  reason?: string;
  orderNo?: string;
}

const typeOptions = [
  { label: '入账（增加余额）', options: PLATFORM_CREDIT_TYPES.map((v) => ({ value: v, label: paymentType.label(v) })) },
  { label: '扣款（减少余额）', options: PLATFORM_DEBIT_TYPES.map((v) => ({ value: v, label: paymentType.label(v) })) },
];
const shape = adjustBody.shape;

/** Credit or debit a vendor with a platform payment type; each becomes one ledger record. */
export function AdjustBalanceDialog({ vendor, onClose }: { vendor: PlatformVendor | null; onClose: (done: boolean) => void }) {
  const [form] = Form.useForm<Values>();
  const adjust = useAdjustBalance();
  const type = Form.useWatch('paymentType', form);
  return (
    <Modal
      open={!!vendor}
      title="调整余额"
      okText="确认"
      cancelText="取消"
      okButtonProps={{ loading: adjust.isPending }}
      destroyOnHidden
      onCancel={() => onClose(false)}
      onOk={async () => {
        // A form that does not validate shows its messages; nothing else to do (never an uncaught rejection).
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
        try {
          await adjust.mutateAsync({ vendorId: vendor!.id, paymentType: v.paymentType!, amount: String(v.amount).trim(), reason: v.reason!.trim(), orderNo: v.orderNo?.trim() || undefined });
          onClose(true);
        } catch (e) {
          if (!isApiError(e)) throw e;
        }
      }}
    >
      {vendor ? (
        <p>
          {vendor.company}，当前余额 <b>¥{formatYuan(vendor.balance)}</b>
        </p>
      ) : null}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="paymentType" label="款项类型" required rules={[zodRule(shape.paymentType)]}>
          <Select options={typeOptions} placeholder="请选择款项类型" />
        </Form.Item>
        <Form.Item
          name="amount"
          label={type === undefined ? '金额（元）' : isPlatformCredit(type) ? '入账金额（元）' : '扣款金额（元）'}
          required
          rules={[zodRule(shape.amount)]}
        >
          <Input inputMode="decimal" placeholder="大于 0，最多两位小数" prefix="¥" />
        </Form.Item>
        <Form.Item name="orderNo" label="关联订单号" rules={[zodRule(shape.orderNo)]}>
          <Input placeholder="选填" />
        </Form.Item>
        <Form.Item name="reason" label="原因" required rules={[zodRule(shape.reason)]}>
          <Input.TextArea rows={3} maxLength={REMARKS_MAX} showCount placeholder="厂家在收支明细的备注中可见" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
