import { Alert, Button, Card, Form, Input, InputNumber, Modal, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { PICTURE_EXT } from '@portal/domain/files';
import { EXTRA_FEE_MSG, EXTRA_FEE_PHOTOS_MAX, EXTRA_FEE_REASONS, EXTRA_FEE_STATUSES } from '@portal/domain/extra-fees';
import { UploadField } from '../../../components/upload';
import { PLATFORM_UPLOADS } from '../../../platform/lib/platform-request';
import { usePlatformOrderExtraFees, useRequestExtraFee, type OrderExtraFees } from '../api/extra-fees';
import { CapLine, ExtraFeeList, yuanText } from './extra-fee-list';

interface Values {
  reason: string;
  reasonText?: string;
  amount: number;
  photos?: string;
  note?: string;
}

/**
 * 加价申请 in the console (issue 46): the order's requests (a rejection's reason included) and, while
 * the order is in service, 申请加价 for the master — the dialog shows the cap left before asking.
 */
export function PlatformExtraFeeCard({ orderId, status }: { orderId: number; status: number }) {
  const q = usePlatformOrderExtraFees(orderId);
  const [open, setOpen] = useState(false);
  const d = q.data;
  if (!d) return <Card title="加价申请" style={{ marginBottom: 16 }}>{q.isError ? null : <Skeleton active />}</Card>;
  const inService = EXTRA_FEE_STATUSES.includes(status);
  const pending = d.requests.some((r) => r.status === 0);
  return (
    <Card
      title="加价申请"
      style={{ marginBottom: 16 }}
      data-testid="platform-extra-fee-card"
      extra={inService && <Button type="primary" disabled={pending} onClick={() => setOpen(true)} data-action="request-extra-fee">{pending ? '有待确认的加价' : '申请加价'}</Button>}
    >
      <div style={{ marginBottom: 12 }}><CapLine cap={d.cap} /></div>
      <ExtraFeeList rows={d.requests} />
      {open && <RequestDialog orderId={orderId} cap={d.cap} onClose={() => setOpen(false)} />}
    </Card>
  );
}

/** The request, with the cap left shown before it is sent (and whether the amount typed fits). */
function RequestDialog({ orderId, cap, onClose }: { orderId: number; cap: OrderExtraFees['cap']; onClose: () => void }) {
  const request = useRequestExtraFee(orderId);
  const [form] = Form.useForm<Values>();
  const reason = Form.useWatch('reason', form);
  const amount = Form.useWatch('amount', form);
  const left = cap.left;
  const over = left !== null && typeof amount === 'number' && amount > left;
  return (
    <Modal
      open
      title="申请加价（代师傅）"
      okText="提交申请"
      okButtonProps={{ loading: request.isPending }}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        await request.mutateAsync({
          reason: v.reason, reasonText: v.reasonText ?? '', amount: String(v.amount), note: v.note ?? '',
          photos: (v.photos ?? '').split(',').map((p) => p.trim()).filter(Boolean),
        });
        onClose();
      }}
    >
      <Alert
        style={{ marginBottom: 16 }}
        type={left === null ? 'info' : over ? 'warning' : 'success'}
        showIcon
        data-testid="extra-fee-dialog-cap"
        title={
          left === null
            ? '厂家未设置该订单的加价上限：申请需厂家确认'
            : `本单加价上限 ${yuanText(cap.cap)}，剩余 ${yuanText(left)}：不超过剩余额度的申请将自动通过${over ? '；当前金额超出剩余额度，' + (cap.overCap === 'refuse' ? '将被自动驳回' : '需厂家确认') : ''}`
        }
      />
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label="加价原因" rules={[{ required: true, message: EXTRA_FEE_MSG.reasonRequired }]}>
          <Select options={EXTRA_FEE_REASONS.options} placeholder="请选择加价原因" />
        </Form.Item>
        {reason === 'other' && (
          <Form.Item name="reasonText" label="其他原因" rules={[{ required: true, whitespace: true, message: EXTRA_FEE_MSG.reasonTextRequired }, { max: 50, message: EXTRA_FEE_MSG.reasonTextTooLong }]}>
            <Input maxLength={50} />
          </Form.Item>
        )}
        <Form.Item name="amount" label="加价金额（元）" rules={[{ required: true, message: EXTRA_FEE_MSG.amountRequired }]}>
          <InputNumber min={0.01} max={100000} precision={2} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="photos" label={`照片（最多${EXTRA_FEE_PHOTOS_MAX}张）`}>
          <UploadField dir="order" types={[...PICTURE_EXT]} maxCount={EXTRA_FEE_PHOTOS_MAX} via={PLATFORM_UPLOADS} />
        </Form.Item>
        <Form.Item name="note" label="备注" rules={[{ max: 200, message: EXTRA_FEE_MSG.noteTooLong }]}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
