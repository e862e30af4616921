import { APPOINTMENT_MSG, RESCHEDULE_DAYS_AHEAD, RESCHEDULE_STATUSES, windowText } from '@portal/domain/appointments';
import type { MerchantRescheduleBody } from '@portal/domain/contract/appointments';
import { RESCHEDULE_RELEVANCE } from '@portal/domain/notifications';
import { PERM } from '@portal/domain/permissions';
import type { DB } from '../../db/database';
import { insertPendingReschedule } from '../../lib/appointment-reschedules.repository';
import { badRequest, notFound } from '../../lib/errors';
import { loadOrder, writeLog } from '../../lib/order-state-machine';
import { nowIso, toShanghai } from '../../lib/time';
import { ownScope } from '../../plugins/auth';
import type { VendorPrincipal } from '../../plugins/context';

// The merchant asks the platform for another appointment window (issue 46, decision 256): one
// request waits at a time per order (the partial unique index), the log says it, the console sees it
// and answers it with its next 预约上门 / 改约时间.

const DAY_MS = 24 * 3600_000;
const shanghaiDay = (days: number) => toShanghai(new Date(Date.now() + days * DAY_MS).toISOString()).slice(0, 10);

export async function requestReschedule(db: DB, p: VendorPrincipal, b: MerchantRescheduleBody) {
  await db.transaction().execute(async (tx) => {
    const o = await loadOrder(tx, b.orderId, p.vendorId);
    const owner = ownScope(p, PERM.orderList);
    if (owner !== null && o.created_by !== owner) throw notFound();
    if (b.appointDate < shanghaiDay(1) || b.appointDate > shanghaiDay(RESCHEDULE_DAYS_AHEAD)) throw badRequest(APPOINTMENT_MSG.rescheduleDateInvalid);
    if (!RESCHEDULE_STATUSES.includes(o.status)) throw badRequest(APPOINTMENT_MSG.cannotReschedule);
    const made = await insertPendingReschedule(tx, {
      order_id: o.id, vendor_id: o.vendor_id, source: 'merchant', wish_date: b.appointDate, wish_slot: b.appointSlot, reason: b.reason,
      requested_by: p.userId, requester: p.operatorName.slice(0, 60), created_at: nowIso(),
    });
    if (!made) throw badRequest(APPOINTMENT_MSG.reschedulePending);
    await writeLog(tx, o, o.node, { operator: p.operatorName, content: `商家申请改约：期望 ${windowText(b.appointDate, b.appointSlot)}，原因：${b.reason}`, relevanceType: RESCHEDULE_RELEVANCE, relevanceId: made.id });
  });
}
