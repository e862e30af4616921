import { Form, Input, Modal, Radio } from 'antd';
import { DEFAULT_MARKER, MARKER_COLORS } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { ORDER_MSG } from '@portal/domain/orders';
import { useMarkOrder } from '../../api/mark-order';
import { MarkerDot } from '../marker-dot';

/** 标记: a colour (default gray) and a note of at most 400 characters. */
export function MarkerDialog({ orderId, markerType, markerValue, open, onClose }: { orderId: number; markerType?: string; markerValue?: string; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ markerType: string; markerValue: string }>();
  const mark = useMarkOrder();
  const submit = async () => {
    // A form that does not validate shows its messages; nothing else to do (never an uncaught rejection).
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await mark.mutateAsync({ orderId, markerType: v.markerType, markerValue: (v.markerValue ?? '').trim() });
    onClose();
  };
  return (
    <Modal title="订单标记" open={open} onCancel={onClose} onOk={submit} confirmLoading={mark.isPending} okText={MSG.confirm} cancelText={MSG.cancel} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ markerType: markerType || DEFAULT_MARKER, markerValue: markerValue ?? '' }}>
        <Form.Item name="markerType" label="标记颜色">
          <Radio.Group>
            {MARKER_COLORS.options.map((o) => (
              <Radio key={o.value} value={o.value}>
                <MarkerDot color={o.value} /> {o.label}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="markerValue" label="备注" rules={[{ max: 400, message: ORDER_MSG.text400 }]}>
          <Input.TextArea rows={4} maxLength={400} showCount placeholder="请输入备注内容" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
