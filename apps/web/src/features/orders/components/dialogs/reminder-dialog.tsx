import { Form, Input, Modal } from 'antd';
import { MSG } from '@portal/domain/messages';
import { reminderBody } from '@portal/domain/orders';
import { zodRule } from '../../../../lib/form-rules';
import { useRemindOrder } from '../../api/remind-order';

/** 催单: a required note of at most 400 characters (请输入催单备注). */
export function ReminderDialog({ orderId, open, onClose }: { orderId: number; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ reminderContent: string }>();
  const remind = useRemindOrder();
  const submit = async () => {
    // A form that does not validate shows its messages; nothing else to do (never an uncaught rejection).
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await remind.mutateAsync({ orderId, reminderContent: v.reminderContent.trim() });
    onClose();
  };
  return (
    <Modal title="催单" open={open} onCancel={onClose} onOk={submit} confirmLoading={remind.isPending} okText={MSG.confirm} cancelText={MSG.cancel} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reminderContent" label="催单备注" rules={[zodRule(reminderBody.shape.reminderContent)]}>
          <Input.TextArea rows={4} maxLength={400} showCount placeholder="请输入催单备注" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
