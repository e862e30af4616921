import { Button, Form, Input, Space, App } from 'antd';
import { useState } from 'react';
import { MSG } from '@portal/domain/messages';
import { ORDER_MSG } from '@portal/domain/orders';

/** Approve (audit 1 → 提交成功) or reject with a required reason (audit 2 → 已驳回). */
export function ReviewDecision({ onDecide, onClose }: { onDecide: (audit: 1 | 2, reason: string) => Promise<unknown>; onClose: () => void }) {
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const run = async (audit: 1 | 2) => {
    const v = audit === 2 ? await form.validateFields().catch(() => null) : null;
    if (audit === 2 && !v) return;
    const reason = v ? v.reason.trim() : '';
    setBusy(true);
    try {
      await onDecide(audit, reason);
      message.success(audit === 1 ? MSG.submitOk : MSG.rejectedOk);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ marginTop: 16 }}>
      {rejecting && (
        <Form form={form} layout="vertical">
          <Form.Item name="reason" label="驳回原因" rules={[{ required: true, whitespace: true, message: MSG.contentRequired }, { max: 400, message: ORDER_MSG.text400 }]}>
            <Input.TextArea rows={3} maxLength={400} showCount placeholder="请输入驳回原因" />
          </Form.Item>
        </Form>
      )}
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>关闭</Button>
        {rejecting ? (
          <Button danger loading={busy} onClick={() => void run(2)} data-action="reject-confirm">确认驳回</Button>
        ) : (
          <Button danger onClick={() => setRejecting(true)} data-action="reject">驳回</Button>
        )}
        {!rejecting && (
          <Button type="primary" loading={busy} onClick={() => void run(1)} data-action="approve">审核通过</Button>
        )}
      </Space>
    </div>
  );
}
