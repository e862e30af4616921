import { ORDER_NODE, ORDER_STATUS, PAY_METHOD, PAY_STATUS, PAYMENT_TYPE } from '@portal/domain/enums';
import { REVIEW_MSG, REVIEW_STATE } from '@portal/domain/order-transitions';
import { MSG } from '@portal/domain/messages';
import { deriveStatusInfo, REMINDER_COOLDOWN_MINUTES, remindTooSoonMsg, type CustomerModifyInput, type UrgentInput } from '@portal/domain/orders';
import { followUpNotCancellableMsg } from '@portal/domain/after-sales';
import { fenToYuanText, yuanToFen } from '@portal/domain/money';
import type { z } from 'zod';
import type { auditQuery, cancelBody, markerBody, reminderBody, submissionAddBody } from '@portal/domain/orders';
import type { DB, Tx } from '../../db/database';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { emitDomainEvent } from '../../lib/domain-events';
import type { VendorPrincipal } from '../../plugins/context';
import { ownScope } from '../../plugins/auth';
import { PERM } from '@portal/domain/permissions';
import { moveBalance } from '../../lib/wallet-ledger';
import { resolveRegion } from '../../lib/region-tree';
import { illegalTransition, loadOrder, lockOrderRows, settleReviewInPlace, transit, writeLog, type OrderRow } from '../../lib/order-state-machine';
import { missedStage, slaOnMove } from '../../lib/order-sla';
import { creditMissedStage } from '../../lib/timeliness-credit';
import {
  addUrgentFee, clearRealPay, decidePendingPraise, decidePendingReturn, findLatestPraise, findLatestReturn, findSubmissionOfOrder, hasOtherApprovedPraise,
  insertReminder, lastReminderAt, paidInFull, setCustomerWhileStatusUpTo, setMarker, shipPendingSubmission,
} from './order-actions.repository';
import { openFollowUpOrderIds } from './follow-up-orders.repository';

// The vendor's actions on an order. Each one runs in one transaction; state changes go through
// the state machine, money through the wallet's moveBalance.

/** The order as the caller may see it (data scope "own" for sub-accounts); 404 otherwise. */
async function ownOrder(tx: Tx, p: VendorPrincipal, id: number): Promise<OrderRow> {
  const o = await loadOrder(tx, id, p.vendorId);
  const owner = ownScope(p, PERM.orderList);
  if (owner !== null && o.created_by !== owner) throw notFound();
  return o;
}

const flagsOf = (o: OrderRow) => deriveStatusInfo({ status: o.status, node: o.node, parole: o.parole, urgentFlag: String(o.urgent_flag) });

export function orderActions(db: DB) {
  return {
    /** Pay from the balance: the conditional 100 → 200 makes a second or concurrent payment fail. */
    async pay(p: VendorPrincipal, id: number) {
      const operator = p.operatorName;
      return db.transaction().execute(async (tx) => {
        const o = await ownOrder(tx, p, id);
        // A cancelled order keeps its paid flag after the refund: it is cancelled, not paid.
        const paid = o.paid_flag === 1 && o.status !== ORDER_STATUS.cancelled;
        if (o.status !== ORDER_STATUS.unpaid) throw badRequest(paid ? '该订单已支付，请勿重复支付' : illegalTransition(o, '支付').message);
        const now = nowIso();
        const moved = await transit(tx, 'pay', id, p.vendorId, { operator, content: (m) => `订单支付成功，余额支付¥${fenToYuanText(Number(m.total_fen))}` }, { pay_time: now, paid_flag: 1, ...paidInFull() }, o);
        const total = Number(moved.total_fen);
        let balanceAfterFen: number | null = null;
        if (total > 0) {
          const r = await moveBalance(tx, {
            vendorId: p.vendorId, amountFen: -total, paymentType: PAYMENT_TYPE.workOrder, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid,
            orderNo: moved.order_no, orderId: moved.id, operator, createdBy: p.userId, remarks: '工单支付',
          });
          balanceAfterFen = r.balanceAfterFen;
        }
        return { id, orderNo: moved.order_no, realPayFen: total, balanceAfterFen };
      });
    },

    /** Cancel one or several orders (all or none); paid ones are refunded to the balance. */
    async cancel(p: VendorPrincipal, input: z.infer<typeof cancelBody>) {
      const operator = p.operatorName;
      return db.transaction().execute(async (tx) => {
        // All of them locked first, in id order: a batch that took them one by one held the balance (a refund)
        // while it waited for the next order, and a pay holding that order waited for the balance (decision 292).
        await lockOrderRows(tx, input.ids, p.vendorId);
        for (const id of [...new Set(input.ids)]) {
          const o = await ownOrder(tx, p, id);
          if (!flagsOf(o).isCancell) throw badRequest(`订单${o.order_no}当前状态不能取消`);
          // The re-dispatch order of an open after-sales case (decision 281). The link is written with the
          // order and a case only leaves processing forward, so no writer can turn this answer stale.
          if ((await openFollowUpOrderIds(tx, [o.id])).has(o.id)) throw badRequest(followUpNotCancellableMsg(o.order_no));
          const moved = await transit(tx, 'cancel', id, p.vendorId, { operator, content: `取消订单：${input.closeRemark}` }, { close_remark: input.closeRemark }, o);
          const paid = Number(moved.real_pay_fen);
          if (moved.paid_flag === 1 && paid > 0) {
            await moveBalance(tx, {
              vendorId: p.vendorId, amountFen: paid, paymentType: PAYMENT_TYPE.orderRefund, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.refunded,
              orderNo: moved.order_no, orderId: moved.id, operator, createdBy: p.userId, remarks: `取消订单退款：${input.closeRemark}`.slice(0, 200),
            });
            await clearRealPay(tx, id);
          }
        }
        return input.ids.length;
      });
    },

    async modifyCustomer(p: VendorPrincipal, input: CustomerModifyInput) {
      const names = await resolveRegion(db, input.provinceId, input.cityId, input.districtId);
      if (!names) throw badRequest(MSG.regionRequired);
      const operator = p.operatorName;
      await db.transaction().execute(async (tx) => {
        const o = await ownOrder(tx, p, input.orderId);
        if (o.status === ORDER_STATUS.cancelled) throw illegalTransition(o, '修改客户信息');
        if (o.status > ORDER_STATUS.awaitingWork) throw badRequest('订单已开始施工，不能修改客户信息');
        const now = nowIso();
        const changed = await setCustomerWhileStatusUpTo(tx, o.id, ORDER_STATUS.awaitingWork, {
          real_name: input.realName, phone: input.phone, phone_extension: input.phoneExtension,
          province_id: input.provinceId, province_name: names.provinceName, city_id: input.cityId, city_name: names.cityName,
          district_id: input.districtId, district_name: names.districtName, detail_address: input.detailAddress, updated_at: now,
        });
        if (!changed) throw badRequest('订单已开始施工，不能修改客户信息');
        // The customer's link texted to the old phone dies with this change (decision 293).
        if (input.phone !== o.phone) await emitDomainEvent(tx, { type: 'order.phone_changed', vendorId: o.vendor_id, orderId: o.id, phone: input.phone, at: now });
        await writeLog(tx, o, o.node, { operator, content: `修改客户信息：${input.realName} ${input.phone} ${names.provinceName}${names.cityName}${names.districtName}${input.detailAddress}` });
      });
    },

    /** Add the urgent fee; an already-paid order pays it from the balance at once (type 11). */
    async urgent(p: VendorPrincipal, input: UrgentInput) {
      const operator = p.operatorName;
      const fee = yuanToFen(input.urgentPrice);
      await db.transaction().execute(async (tx) => {
        const o = await ownOrder(tx, p, input.orderId);
        if (!flagsOf(o).isUrgent) throw badRequest(o.urgent_flag === 1 ? '该订单已加急' : illegalTransition(o, '加急').message);
        const paid = o.paid_flag === 1;
        const now = nowIso();
        // From now its urgent window (from this fee, or from the payment to come) is what it is held to (decision 289).
        const sla = await slaOnMove(tx, o, { ...o, urgent_flag: 1, urgent_type: input.urgentType });
        const added = await addUrgentFee(tx, o.id, o.status, { urgentType: input.urgentType, feeFen: fee, feeName: MSG.urgentFeeName, paid, now, sla });
        if (!added) throw badRequest('该订单已加急');
        // The stage it ends was missed already: credited now, as a move would (decision 257), on what the order cost before this fee.
        const missed = missedStage(o, sla, now);
        if (missed) await creditMissedStage(tx, o.id, missed.stage, missed.dueAt, paid ? fee : 0);
        if (paid) {
          await moveBalance(tx, {
            vendorId: p.vendorId, amountFen: -fee, paymentType: PAYMENT_TYPE.urgentFee, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid,
            orderNo: o.order_no, orderId: o.id, operator, createdBy: p.userId, remarks: MSG.urgentFeeName,
          });
        }
        await writeLog(tx, o, o.node, { operator, content: `订单加急（${input.urgentType === 1 ? '12小时' : '24小时'}），加急费¥${fenToYuanText(fee)}${paid ? '，已从余额扣除' : ''}` });
      });
    },

    async remind(p: VendorPrincipal, input: z.infer<typeof reminderBody>) {
      const operator = p.operatorName;
      await db.transaction().execute(async (tx) => {
        const o = await ownOrder(tx, p, input.orderId);
        if (!flagsOf(o).isReminder) throw illegalTransition(o, '催单');
        // One 催单 per order in REMINDER_COOLDOWN_MINUTES, whoever sends it (decision 298). The order is read
        // under its lock (loadOrder; SQLite's transaction holds the write lock), so parallel ones see each other.
        const now = nowIso();
        const last = await lastReminderAt(tx, o.id);
        const waitMs = last ? Date.parse(last) + REMINDER_COOLDOWN_MINUTES * 60_000 - Date.parse(now) : 0;
        if (waitMs > 0) throw badRequest(remindTooSoonMsg(Math.ceil(waitMs / 60_000)));
        await insertReminder(tx, { order_id: o.id, vendor_id: p.vendorId, content: input.reminderContent, created_by: p.userId, created_at: now });
        await writeLog(tx, o, o.node, { operator, content: `催单：${input.reminderContent}`, relevanceType: 'reminder' });
      });
    },

    async mark(p: VendorPrincipal, input: z.infer<typeof markerBody>) {
      await db.transaction().execute(async (tx) => {
        const o = await ownOrder(tx, p, input.orderId);
        await setMarker(tx, o.id, input.markerType, input.markerValue, nowIso());
      });
    },

    async confirm(p: VendorPrincipal, id: number) {
      const operator = p.operatorName;
      await db.transaction().execute(async (tx) => {
        await ownOrder(tx, p, id);
        await transit(tx, 'complete', id, p.vendorId, { operator, content: '厂家确认完工，订单完成' }, { completion_time: nowIso() });
      });
    },

    /** The vendor ships the parts the master asked for (node 530 → 540); only once. */
    async shipParts(p: VendorPrincipal, input: z.infer<typeof submissionAddBody>) {
      const operator = p.operatorName;
      await db.transaction().execute(async (tx) => {
        const o = await ownOrder(tx, p, input.orderId);
        const shipped = await shipPendingSubmission(tx, input.materialSubmissionId, o.id, p.vendorId, { company: input.company, tracking_num: input.trackingNum, phone: input.phone, status: 1, shipped_at: nowIso() });
        if (!shipped) {
          const exists = await findSubmissionOfOrder(tx, input.materialSubmissionId, o.id);
          if (!exists) throw notFound();
          throw badRequest('配件物流信息已填写');
        }
        await transit(tx, 'shipParts', o.id, p.vendorId, { operator, content: `配件已发货：${input.company} ${input.trackingNum}`, relevanceType: 'materialSubmission', relevanceId: input.materialSubmissionId });
      });
    },

    /** Returned-item review: only while the record is pending (check_status 0). */
    async auditReturn(p: VendorPrincipal, input: z.infer<typeof auditQuery>) {
      const operator = p.operatorName;
      await db.transaction().execute(async (tx) => {
        const o = await ownOrder(tx, p, input.orderId);
        const rec = await findLatestReturn(tx, o.id, p.vendorId);
        if (!rec) throw notFound();
        const claimed = await decidePendingReturn(tx, rec.id, { check_status: input.audit, reason: input.reason, checked_at: nowIso() });
        if (!claimed) throw badRequest('该返件已审核');
        const rel = { relevanceType: 'returnRecord', relevanceId: rec.id };
        if (input.audit === 2) {
          await transit(tx, 'rejectReturn', o.id, p.vendorId, { operator, content: `返件审核驳回：${input.reason}`, ...rel });
          return;
        }
        await transit(tx, 'approveReturn', o.id, p.vendorId, { operator, content: '返件审核通过', ...rel });
        const fee = Number(rec.express_fee_fen);
        if (rec.payment_type === 0 && fee > 0) {
          await moveBalance(tx, {
            vendorId: p.vendorId, amountFen: -fee, paymentType: PAYMENT_TYPE.returnCourierFee, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid,
            orderNo: o.order_no, orderId: o.id, operator, createdBy: p.userId, remarks: `返件快递费 ${rec.express_company_name} ${rec.express_number}`,
          });
        }
        await transit(tx, 'finishReturn', o.id, p.vendorId, { operator, content: '返件审核完成', ...rel });
      });
    },

    /**
     * Positive-review review: approving pays the promotion price from the balance (type 9), once per
     * order (decision 277). A praise a 返件 overtook before 277 is decided where the order stands.
     */
    async auditPraise(p: VendorPrincipal, input: z.infer<typeof auditQuery>) {
      const operator = p.operatorName;
      await db.transaction().execute(async (tx) => {
        const o = await ownOrder(tx, p, input.orderId);
        const rec = await findLatestPraise(tx, o.id, p.vendorId);
        if (!rec) throw notFound();
        const approvedBefore = rec.check_status === 0 && (await hasOtherApprovedPraise(tx, o.id, rec.id));
        if (approvedBefore && input.audit === 1) throw badRequest(REVIEW_MSG.praiseApprovedBefore);
        const claimed = await decidePendingPraise(tx, rec.id, { check_status: input.audit, reason: input.reason, checked_at: nowIso() });
        if (!claimed) throw badRequest('该好评已审核');
        const rel = { relevanceType: 'praiseRecord', relevanceId: rec.id };
        const inPlace = o.node !== ORDER_NODE.praisePending;
        if (input.audit === 2) {
          const log = { operator, content: `好评审核驳回：${input.reason}`, ...rel };
          const after = approvedBefore ? REVIEW_STATE.approved : REVIEW_STATE.none;
          if (inPlace) await settleReviewInPlace(tx, o, { praise_state: after }, ORDER_NODE.praiseRejected, log);
          else await transit(tx, 'rejectPraise', o.id, p.vendorId, log, { praise_state: after });
          return;
        }
        const approved = { operator, content: '好评审核通过', ...rel };
        if (inPlace) await settleReviewInPlace(tx, o, { praise_state: REVIEW_STATE.approved }, ORDER_NODE.praisePassed, approved);
        else await transit(tx, 'approvePraise', o.id, p.vendorId, approved);
        const amount = Number(rec.amount_fen);
        if (amount > 0) {
          await moveBalance(tx, {
            vendorId: p.vendorId, amountFen: -amount, paymentType: PAYMENT_TYPE.praisePromotion, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid,
            orderNo: o.order_no, orderId: o.id, operator, createdBy: p.userId, remarks: '好评推广',
          });
        }
        const finished = { operator, content: '评价完成', ...rel };
        if (inPlace) await writeLog(tx, o, ORDER_NODE.reviewDone, finished);
        else await transit(tx, 'finishPraise', o.id, p.vendorId, finished);
      });
    },
  };
}
export type OrderActions = ReturnType<typeof orderActions>;
export { ownOrder };
