import { APPOINTMENT_MSG, RESCHEDULE_STATUSES, rescheduleDateAllowed, windowText } from '@portal/domain/appointments';
import type { MerchantRescheduleBody } from '@portal/domain/contract/appointments';
import { RESCHEDULE_RELEVANCE } from '@portal/domain/notifications';
import { PERM } from '@portal/domain/permissions';
import type { DB } from '../../db/database';
import { insertPendingReschedule } from '../../lib/appointment-reschedules.repository';
import { badRequest, notFound } from '../../lib/errors';
import { loadOrder, writeLog } from '../../lib/order-state-machine';
import { nowIso } from '../../lib/time';
import { ownScope } from '../../plugins/auth';
import type { VendorPrincipal } from '../../plugins/context';

// The merchant asks the platform for another appointment window (issue 46, decision 256): one
// request waits at a time per order (the partial unique index), the log says it, the console sees it
// and answers it with its next 预约上门 / 改约时间.

export async function requestReschedule(db: DB, p: VendorPrincipal, b: MerchantRescheduleBody) {
  await db.transaction().execute(async (tx) => {
    const o = await loadOrder(tx, b.orderId, p.vendorId);
    const owner = ownScope(p, PERM.orderList);
    if (owner !== null && o.created_by !== owner) throw notFound();
    if (!rescheduleDateAllowed(b.appointDate)) throw badRequest(APPOINTMENT_MSG.rescheduleDateInvalid);
    if (!RESCHEDULE_STATUSES.includes(o.status)) throw badRequest(APPOINTMENT_MSG.cannotReschedule);
    const made = await insertPendingReschedule(tx, {
      order_id: o.id, vendor_id: o.vendor_id, source: 'merchant', wish_date: b.appointDate, wish_slot: b.appointSlot, reason: b.reason,
      requested_by: p.userId, requester: p.operatorName.slice(0, 60), created_at: nowIso(),
    });
    if (!made) throw badRequest(APPOINTMENT_MSG.reschedulePending);
    await writeLog(tx, o, o.node, { operator: p.operatorName, content: `商家申请改约：期望 ${windowText(b.appointDate, b.appointSlot)}，原因：${b.reason}`, relevanceType: RESCHEDULE_RELEVANCE, relevanceId: made.id });
  });
}
