import { DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs from 'dayjs';
import { APPOINT_SLOTS, APPOINTMENT_MSG, type AppointSlotValue, RESCHEDULE_DAYS_AHEAD, RESCHEDULE_REASON_MAX } from '@portal/domain/appointments';
import { MSG } from '@portal/domain/messages';
import { useRequestReschedule } from '../api/appointments';

interface Values {
  date?: dayjs.Dayjs;
  slot?: AppointSlotValue;
  reason?: string;
}

/** 申请改约: the merchant's preferred window (tomorrow … 30 days) and why. */
export function RescheduleDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const run = useRequestReschedule();
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v?.date || !v.slot) return;
    await run.mutateAsync({ orderId, appointDate: v.date.format('YYYY-MM-DD'), appointSlot: v.slot, reason: (v.reason ?? '').trim() });
    onClose();
  };
  const first = dayjs().add(1, 'day').startOf('day');
  const last = dayjs().add(RESCHEDULE_DAYS_AHEAD, 'day').endOf('day');
  return (
    <Modal title="申请改约" open onCancel={onClose} onOk={submit} confirmLoading={run.isPending} okText={MSG.confirm} cancelText={MSG.cancel} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="date" label="期望日期" rules={[{ required: true, message: APPOINTMENT_MSG.rescheduleDateRequired }]}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(first) || d.isAfter(last)} />
        </Form.Item>
        <Form.Item name="slot" label="期望时段" rules={[{ required: true, message: APPOINTMENT_MSG.rescheduleSlotRequired }]}>
          <Select options={APPOINT_SLOTS.map((s) => ({ value: s.value, label: s.label }))} placeholder="请选择时段" />
        </Form.Item>
        <Form.Item name="reason" label="改约原因" rules={[{ required: true, whitespace: true, message: APPOINTMENT_MSG.rescheduleReasonRequired }, { max: RESCHEDULE_REASON_MAX, message: APPOINTMENT_MSG.rescheduleReasonTooLong }]}>
          <Input.TextArea rows={3} maxLength={RESCHEDULE_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
