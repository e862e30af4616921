import { Descriptions, Form, Input, Modal, Radio } from 'antd';
import { AFTER_SALE_MSG, afterSaleRejectBody, PROCESSING_STATUS, type AfterSaleRow } from '@portal/domain/after-sales';
import { MSG } from '@portal/domain/messages';
import { zodRule } from '../../../lib/form-rules';
import { usePlatformAfterSaleAction } from '../api/platform-after-sales';

const PROCESSING_OPTIONS = [
  { value: PROCESSING_STATUS.masterProcessing, label: '原师傅上门处理' },
  { value: PROCESSING_STATUS.redispatching, label: '原师傅已取消，重新派单（生成免费新工单）' },
];

/** Approve: compensation credits the vendor's wallet; after-sales chooses how it is handled. */
export function ApproveDialog({ row, onClose }: { row: AfterSaleRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ processingStatus?: number; remark?: string }>();
  const action = usePlatformAfterSaleAction();
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await action.mutateAsync({ kind: 'approve', id: row!.id, processingStatus: row!.type === 2 ? v.processingStatus : undefined, remark: v.remark?.trim() });
    onClose();
  };
  return (
    <Modal open={!!row} title={`审核通过：${row?.orderNo ?? ''}`} onOk={submit} onCancel={onClose} okText="确认通过" cancelText={MSG.cancel} confirmLoading={action.isPending} destroyOnHidden>
      {row && (
        <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
          <Descriptions.Item label="厂家">{row.vendorName}</Descriptions.Item>
          <Descriptions.Item label="类型">{row.typeName}</Descriptions.Item>
          {row.type === 1 && <Descriptions.Item label="赔偿金额"><b style={{ color: '#d4380d' }}>¥{row.money.toFixed(2)}</b>（通过后立即转入厂家余额）</Descriptions.Item>}
        </Descriptions>
      )}
      <Form form={form} layout="vertical" preserve={false} initialValues={{ processingStatus: PROCESSING_STATUS.masterProcessing }}>
        {row?.type === 2 && (
          <Form.Item name="processingStatus" label="处理方式" rules={[{ required: true, message: AFTER_SALE_MSG.processingRequired }]}>
            <Radio.Group options={PROCESSING_OPTIONS} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} />
          </Form.Item>
        )}
        <Form.Item name="remark" label="审核备注">
          <Input.TextArea rows={2} maxLength={400} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Reject with the reason the vendor will read on its detail screen. */
export function RejectAfterSaleDialog({ row, onClose }: { row: AfterSaleRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const action = usePlatformAfterSaleAction();
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await action.mutateAsync({ kind: 'reject', id: row!.id, reason: v.reason.trim() });
    onClose();
  };
  return (
    <Modal open={!!row} title={`驳回：${row?.orderNo ?? ''}`} onOk={submit} onCancel={onClose} okText="确认驳回" cancelText={MSG.cancel} okButtonProps={{ danger: true }} confirmLoading={action.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label="驳回原因" name="reason" rules={[zodRule(afterSaleRejectBody.shape.reason)]}>
          <Input.TextArea rows={3} maxLength={400} showCount placeholder={AFTER_SALE_MSG.rejectReasonRequired} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
