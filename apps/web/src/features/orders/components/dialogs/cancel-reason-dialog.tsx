import { Form, Input, Modal } from 'antd';
import { MSG } from '@portal/domain/messages';
import { ORDER_MSG } from '@portal/domain/orders';
import { useCancelOrders } from '../../api/cancel-orders';

/** Step 2 of cancelling (after 是否确认取消订单？): the required reason, for one order or a batch. */
export function CancelReasonDialog({ ids, open, onClose, onDone }: { ids: number[]; open: boolean; onClose: () => void; onDone?: () => void }) {
  const [form] = Form.useForm<{ closeRemark: string }>();
  const cancel = useCancelOrders();
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const { closeRemark } = v;
    await cancel.mutateAsync({ ids, closeRemark: closeRemark.trim() });
    form.resetFields();
    onDone?.();
    onClose();
  };
  return (
    <Modal title="取消订单" open={open} onCancel={onClose} onOk={submit} confirmLoading={cancel.isPending} okText={MSG.confirm} cancelText={MSG.cancel} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="closeRemark"
          label="取消原因"
          rules={[
            { required: true, whitespace: true, message: MSG.contentRequired },
            { max: 400, message: ORDER_MSG.text400 },
          ]}
        >
          <Input.TextArea rows={4} maxLength={400} showCount placeholder="请输入取消原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
