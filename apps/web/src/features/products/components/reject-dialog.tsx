import { Form, Input, Modal } from 'antd';
import { MSG } from '@portal/domain/messages';
import { PRODUCT_TEXT, type PlatformProductRow } from '@portal/domain/products';
import { notifier } from '../../../lib/notifier';
import { useReviewDecision } from '../api/review-products';

/** Platform review, reject: the reason the vendor will see in its product list. */
export function RejectDialog({ product, onClose }: { product: PlatformProductRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const { reject } = useReviewDecision();
  const submit = async () => {
    // A form that does not validate shows its messages; nothing else to do (never an uncaught rejection).
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await reject.mutateAsync({ id: product!.id, reason: v.reason.trim() });
    notifier().message.success(MSG.rejectedOk);
    onClose();
  };
  return (
    <Modal open={!!product} title={`驳回：${product?.modelName ?? ''}`} onOk={submit} onCancel={onClose} okText="确认驳回" okButtonProps={{ danger: true }} confirmLoading={reject.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label="驳回原因" name="reason" rules={[{ required: true, whitespace: true, message: PRODUCT_TEXT.rejectReasonRequired }]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={PRODUCT_TEXT.rejectReasonRequired} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
