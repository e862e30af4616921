import { Button, Card, Form, Input, Modal, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { EXTRA_FEE_MSG } from '@portal/domain/extra-fees';
import { useConfirm } from '../../../lib/use-confirm';
import { useDecideExtraFee, useOrderExtraFees, type ExtraFeeRow } from '../api/extra-fees';
import { CapLine, ExtraFeeList } from './extra-fee-list';

/**
 * 加价申请 of an order, for the merchant (issue 46): the cap that applies, every request, and for a
 * pending one 同意 (debits the balance) / 驳回 with a reason when the user holds 审批加价.
 */
export function ExtraFeeCard({ orderId, canDecide }: { orderId: number; canDecide: boolean }) {
  const q = useOrderExtraFees(orderId);
  const decide = useDecideExtraFee();
  const confirm = useConfirm();
  const [rejecting, setRejecting] = useState<ExtraFeeRow | null>(null);
  const d = q.data;
  if (!d) return q.isError ? null : <Card title="加价申请" style={{ marginBottom: 16 }}><Skeleton active /></Card>;
  if (!d.requests.length && d.cap.cap === null) return null;
  const pending = d.requests.some((r) => r.status === 0);
  const actions = (r: ExtraFeeRow) =>
    r.status === 0 ? (
      <Space>
        <Button type="primary" size="small" data-action="approve-extra-fee" onClick={() => confirm(`同意后将从账户余额扣除 ¥${r.amount.toFixed(2)}（${r.reasonName}），确定同意吗？`, () => decide.mutateAsync({ id: r.id, approve: true }))}>
          同意
        </Button>
        <Button size="small" danger data-action="reject-extra-fee" onClick={() => setRejecting(r)}>
          驳回
        </Button>
      </Space>
    ) : null;
  return (
    <Card title={<Space>加价申请{pending && <span style={{ color: '#d4380d' }} data-testid="extra-fee-pending-title">（待确认）</span>}</Space>} style={{ marginBottom: 16 }} data-testid="extra-fee-card">
      <div style={{ marginBottom: 12 }}><CapLine cap={d.cap} /></div>
      <ExtraFeeList rows={d.requests} actions={canDecide && pending ? actions : undefined} />
      {rejecting && <RejectDialog fee={rejecting} onClose={() => setRejecting(null)} />}
    </Card>
  );
}

function RejectDialog({ fee, onClose }: { fee: ExtraFeeRow; onClose: () => void }) {
  const decide = useDecideExtraFee();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open
      title="驳回加价申请"
      okText="驳回"
      okButtonProps={{ danger: true, loading: decide.isPending }}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        await decide.mutateAsync({ id: fee.id, approve: false, reason: v.reason });
        onClose();
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={`驳回原因（${fee.reasonName} ¥${fee.amount.toFixed(2)}）`} rules={[{ required: true, whitespace: true, message: EXTRA_FEE_MSG.rejectReasonRequired }, { max: 200, message: EXTRA_FEE_MSG.rejectReasonTooLong }]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：合同已包含该项费用" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
