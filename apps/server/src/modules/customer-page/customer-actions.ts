import { rescheduleDateAllowed } from '@portal/domain/appointments';
import { APPOINTMENT_STATUSES, CUSTOMER_MSG, RATING_STATUSES, rescheduleSlotLabel } from '@portal/domain/customer-page';
import type { ProblemBody, RateBody, RescheduleBody } from '@portal/domain/contract/customer-page';
import type { AfterSaleApplyInput } from '@portal/domain/after-sales';
import type { DB, Tx } from '../../db/database';
import { emitDomainEvent } from '../../lib/domain-events';
import { badRequest } from '../../lib/errors';
import { loadOrder, writeLog, type OrderRow } from '../../lib/order-state-machine';
import { nowIso } from '../../lib/time';
import { confirmDoorTime, findLink } from './customer-links.repository';
import { findOpenCase } from './customer-view.repository';
import { appointmentConfirmed, doorText, problemDeadline, type LiveLink } from './customer-view';
import { insertRating, ownCustomerPhotos, setOrderRating } from './ratings.repository';
import { insertPendingRequest } from './reschedules.repository';

// What the customer does on the page (issue 47). Each write and its operation-log line (operator 客户)
// commit together; the merchant's bell and webhooks hear of it through a domain event in the same
// transaction.

export const CUSTOMER_OPERATOR = '客户';

/** Opens an after-sales case in the caller's transaction (the after-sales module's, passed in by modules/index.ts). */
export type OpenCase = (
  tx: Tx,
  order: OrderRow,
  input: Omit<AfterSaleApplyInput, 'orderId'>,
  by: { createdBy: number; operator: string; source: 'customer' },
) => Promise<{ id: number }>;
/** Refuses a reason that is not of the type's list (also the after-sales module's). */
export type AssertReasons = (db: DB, type: number, reasons: string[]) => Promise<void>;

const acted = (o: OrderRow, action: 'rated' | 'reschedule' | 'problem', content: string, at: string) =>
  ({ type: 'customer.acted', vendorId: o.vendor_id, orderId: o.id, orderNo: o.order_no, createdBy: o.created_by, action, content, at }) as const;

export function customerActions(db: DB, deps: { openCase: OpenCase; assertReasons: AssertReasons }) {
  return {
    /**
     * The customer confirms the door time the order has now; again for the same time changes nothing.
     * Whether it is confirmed already is read again under the order's lock (decision 292): the link read
     * before the transaction let parallel taps each write the log line (decision 294).
     */
    async confirm(link: LiveLink) {
      await db.transaction().execute(async (tx) => {
        const o = await loadOrder(tx, link.order_id, link.vendor_id);
        if (!APPOINTMENT_STATUSES.includes(o.status)) throw badRequest(CUSTOMER_MSG.cannotConfirm);
        if (!o.door_time) throw badRequest(CUSTOMER_MSG.noAppointment);
        const current = await findLink(tx, o.id);
        if (appointmentConfirmed(o, current?.confirmed_door_time ?? null)) return;
        await confirmDoorTime(tx, o.id, o.door_time, nowIso());
        await writeLog(tx, o, o.node, { operator: CUSTOMER_OPERATOR, content: `客户已确认上门时间 ${doorText(o)}` });
      });
    },

    /**
     * Another window, with a reason: one request waits at a time; the console and the merchant's bell
     * see it, and the console's next appointment (预约/改约) answers it.
     */
    async reschedule(link: LiveLink, body: RescheduleBody) {
      if (!rescheduleDateAllowed(body.date)) throw badRequest(CUSTOMER_MSG.rescheduleDateInvalid);
      await db.transaction().execute(async (tx) => {
        const o = await loadOrder(tx, link.order_id, link.vendor_id);
        if (!APPOINTMENT_STATUSES.includes(o.status)) throw badRequest(CUSTOMER_MSG.cannotReschedule);
        const at = nowIso();
        const made = await insertPendingRequest(tx, { order_id: o.id, vendor_id: o.vendor_id, wish_date: body.date, wish_slot: body.slot, reason: body.reason, created_at: at });
        if (!made) throw badRequest(CUSTOMER_MSG.reschedulePending);
        const content = `客户申请改约：${body.date} ${rescheduleSlotLabel(body.slot)}，原因：${body.reason}`;
        await writeLog(tx, o, o.node, { operator: CUSTOMER_OPERATOR, content, relevanceType: 'customerReschedule', relevanceId: made.id });
        await emitDomainEvent(tx, acted(o, 'reschedule', content, at));
      });
    },

    /** One rating per order, from completion on: the rating, 满意度 on the order, a log line and the event. */
    async rate(link: LiveLink, body: RateBody) {
      await db.transaction().execute(async (tx) => {
        const o = await loadOrder(tx, link.order_id, link.vendor_id);
        if (!RATING_STATUSES.includes(o.status)) throw badRequest(CUSTOMER_MSG.cannotRate);
        if (!(await ownCustomerPhotos(tx, o.vendor_id, body.photos))) throw badRequest(CUSTOMER_MSG.photoInvalid);
        const at = nowIso();
        const row = { order_id: o.id, vendor_id: o.vendor_id, score: body.score, tags: JSON.stringify(body.tags), comment: body.comment, photos: JSON.stringify(body.photos), created_at: at };
        if (!(await insertRating(tx, row))) throw badRequest(CUSTOMER_MSG.alreadyRated);
        await setOrderRating(tx, o.id, body.score);
        const content = `客户评价${body.score}星${body.tags.length ? `（${body.tags.join('、')}）` : ''}${body.comment ? `：${body.comment}` : ''}`;
        await writeLog(tx, o, o.node, { operator: CUSTOMER_OPERATOR, content, certificate: body.photos });
        await emitDomainEvent(tx, { ...acted(o, 'rated', content, at), rating: { score: body.score, tags: body.tags, comment: body.comment } });
      });
    },

    /** A problem within 7 days of completion: an after-sales case (type 2) on the order creator's behalf. */
    async problem(link: LiveLink, body: ProblemBody) {
      await deps.assertReasons(db, 2, [body.reason]);
      await db.transaction().execute(async (tx) => {
        const o = await loadOrder(tx, link.order_id, link.vendor_id);
        if (o.status === 900 || (await findOpenCase(tx, o.id))) throw badRequest(CUSTOMER_MSG.problemOpen);
        if (o.status !== 700) throw badRequest(CUSTOMER_MSG.problemNotYet);
        const deadline = problemDeadline(o);
        if (!deadline || deadline <= nowIso()) throw badRequest(CUSTOMER_MSG.problemTooLate);
        if (!(await ownCustomerPhotos(tx, o.vendor_id, body.photos))) throw badRequest(CUSTOMER_MSG.photoInvalid);
        await deps.openCase(tx, o, { type: 2, money: 0, reasons: [body.reason], description: body.description, voucher: body.photos }, { createdBy: o.created_by, operator: CUSTOMER_OPERATOR, source: 'customer' });
        await emitDomainEvent(tx, acted(o, 'problem', `客户反馈问题：${body.reason}`, nowIso()));
      });
    },
  };
}
