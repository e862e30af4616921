import { appointFailReasonLabel, appointSlotLabel, rescheduleByLabel, rescheduleStateLabel, windowText } from '@portal/domain/appointments';
import type { AppointmentViewAnswer } from '@portal/domain/contract/appointments';
import { fenToYuan } from '@portal/domain/money';
import { slaStageLabel } from '@portal/domain/sla';
import type { DB } from '../db/database';
import { notFound } from './errors';
import { toShanghai } from './time';
import { findAppointmentOrder, listOrderCredits, listReschedules } from './appointment-reschedules.repository';

// The order's appointment as the merchant's detail and the console show it (issue 46): the window,
// the last failed booking, the reschedule requests and the timeliness credits.

export async function appointmentViewOf(db: DB, orderId: number, vendorId: number | null, ownerId: number | null = null): Promise<AppointmentViewAnswer> {
  const o = await findAppointmentOrder(db, orderId, vendorId, ownerId);
  if (!o) throw notFound();
  const [requests, credits] = await Promise.all([listReschedules(db, o.id), listOrderCredits(db, o.id)]);
  const start = toShanghai(o.door_time);
  const date = start.slice(0, 10);
  return {
    status: o.status,
    window: o.door_time
      ? { date, slot: o.appoint_slot ?? '', slotName: appointSlotLabel(o.appoint_slot), text: o.appoint_slot ? windowText(date, o.appoint_slot) : start.slice(0, 16), start, end: toShanghai(o.door_time_end) }
      : null,
    failure: o.appoint_fail_reason
      ? { reason: o.appoint_fail_reason, reasonName: appointFailReasonLabel(o.appoint_fail_reason), note: o.appoint_fail_note ?? '', time: toShanghai(o.appoint_fail_at) }
      : null,
    requests: requests.map((r) => ({
      id: r.id, by: r.source, byName: rescheduleByLabel(r.source), date: r.wish_date, slot: r.wish_slot, slotName: appointSlotLabel(r.wish_slot), reason: r.reason,
      state: r.state, stateName: rescheduleStateLabel(r.state), requester: r.requester, createTime: toShanghai(r.created_at), doneTime: toShanghai(r.done_at),
    })),
    credits: credits.map((c) => ({
      id: c.id, stage: c.stage, stageName: slaStageLabel(c.stage), amount: fenToYuan(Number(c.amount_fen)), dueTime: toShanghai(c.due_at), createTime: toShanghai(c.created_at), transactionFlowNo: c.transaction_flow_no ?? '',
    })),
  };
}
