import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import { urgentType } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { urgentBody } from '@portal/domain/orders';
import { isWholeYuan } from '@portal/domain/validation';
import { zodRule } from '../../../../lib/form-rules';
import { useUrgentOrder } from '../../api/urgent-order';

/** What a paid order's 加急 takes from the balance at once (the server debits it with the fee). */
const deductionText = (price: unknown) => `该订单已支付，确定后将立即从账户余额扣除${isWholeYuan(price) ? ` ¥${Number(String(price).trim()).toFixed(2)}` : '所填金额'}（${MSG.urgentFeeName}）`;

/**
 * 加急: fee (positive integer yuan, 请输入费用金额) and the 12 h / 24 h window; the fee name is always 加急费.
 * A paid order pays the fee from the balance at once: the dialog says so before 确定, and the spec's
 * 修改成功 toast says what was deducted (orders review #8).
 */
export function UrgentDialog({ orderId, paid = false, open, onClose }: { orderId: number; paid?: boolean; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ urgentPrice: string; urgentType: number }>();
  const price = Form.useWatch('urgentPrice', form);
  const urgent = useUrgentOrder();
  const submit = async () => {
    // A form that does not validate shows its messages; nothing else to do (never an uncaught rejection).
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const urgentPrice = String(v.urgentPrice).trim();
    await urgent.mutateAsync({ orderId, urgentPrice, urgentType: v.urgentType });
    message.success(paid ? `${MSG.modifyOk}，已从账户余额扣除 ¥${Number(urgentPrice).toFixed(2)}` : MSG.modifyOk);
    onClose();
  };
  return (
    <Modal title="订单加急" open={open} onCancel={onClose} onOk={submit} confirmLoading={urgent.isPending} okText={MSG.confirm} cancelText={MSG.cancel} destroyOnHidden>
      {paid && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={deductionText(price)} data-testid="urgent-deduction" />}
      <Form form={form} layout="vertical" preserve={false} initialValues={{ urgentType: 1 }}>
        <Form.Item label="费用名称">
          <Input value={MSG.urgentFeeName} disabled />
        </Form.Item>
        <Form.Item name="urgentPrice" label="费用金额（元）" rules={[zodRule(urgentBody.shape.urgentPrice)]}>
          <Input placeholder="请输入费用金额" inputMode="numeric" />
        </Form.Item>
        <Form.Item name="urgentType" label="加急时效" rules={[zodRule(urgentBody.shape.urgentType)]}>
          <Radio.Group options={urgentType.options} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
