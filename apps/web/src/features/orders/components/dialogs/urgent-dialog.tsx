import { Form, Input, Modal, Radio } from 'antd';
import { urgentType } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { urgentBody } from '@portal/domain/orders';
import { zodRule } from '../../../../lib/form-rules';
import { useUrgentOrder } from '../../api/urgent-order';

/** 加急: fee (positive integer yuan, 请输入费用金额) and the 12 h / 24 h window; the fee name is always 加急费. */
export function UrgentDialog({ orderId, open, onClose }: { orderId: number; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ urgentPrice: string; urgentType: number }>();
  const urgent = useUrgentOrder();
  const submit = async () => {
    // A form that does not validate shows its messages; nothing else to do (never an uncaught rejection).
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await urgent.mutateAsync({ orderId, urgentPrice: String(v.urgentPrice).trim(), urgentType: v.urgentType });
    onClose();
  };
  return (
    <Modal title="订单加急" open={open} onCancel={onClose} onOk={submit} confirmLoading={urgent.isPending} okText={MSG.confirm} cancelText={MSG.cancel} destroyOnHidden>
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
