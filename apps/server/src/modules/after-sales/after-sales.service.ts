import { AFTER_SALE_CHECK, AFTER_SALE_MSG, AFTER_SALE_STATUS, compensationOverPaidMsg, PROCESSING_STATUS, type AfterSaleApplyInput } from '@portal/domain/after-sales';
import { afterSaleType, ORDER_STATUS, PAY_METHOD, PAY_STATUS, PAYMENT_TYPE } from '@portal/domain/enums';
import { fenToYuanText, yuanToFen } from '@portal/domain/money';
import { deriveStatusInfo } from '@portal/domain/orders';
import { PERM } from '@portal/domain/permissions';
import type { Updateable } from 'kysely';
import type { DB, Tx } from '../../db/database';
import type { AfterSalesTable } from '../../db/schema/after-sales';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { ownScope } from '../../plugins/auth';
import type { OperatorPrincipal, VendorPrincipal } from '../../plugins/context';
import { assertOwnFiles } from '../../lib/files.repository';
import { loadOrder, lockOrderRows, transit, type OrderRow } from '../../lib/order-state-machine';
import { userDisplayName } from '../../lib/user-names';
import { moveBalance } from '../../lib/wallet-ledger';
import { emitDomainEvent } from '../../lib/domain-events';
import { compensationRoomFen, OPEN_CASE_STATUSES, reasonsOf, writeCaseLog } from './after-sales.repository';
import { redispatchOrder } from './redispatch';
import * as cases from './after-sales-cases.repository';

/** A path as the upload widget sends it, with the image root (e.g. /files) removed. */
export function normalizePath(value: string, fileRootUrl: string): string {
  let v = value.trim();
  const root = fileRootUrl.replace(/\/+$/, '');
  if (root && v.startsWith(`${root}/`)) v = v.slice(root.length);
  return v.startsWith('/') ? v : `/${v}`;
}

async function loadCase(tx: Tx | DB, id: number, vendorId: number | null, ownerId: number | null = null) {
  const c = await cases.findCase(tx, id, vendorId, ownerId);
  if (!c) throw notFound();
  return c;
}

/**
 * The case, with its order's row locked for the rest of the transaction. Every writer of a case takes the
 * order's lock before it writes the case (the case's order never changes): writers that took the case
 * first and then the order deadlocked on PostgreSQL against those that took the order first (HTTP 500);
 * now the second one waits, then finds the case moved and answers its refusal.
 */
async function lockedCase(tx: Tx, id: number, vendorId: number | null, ownerId: number | null = null) {
  const c = await loadCase(tx, id, vendorId, ownerId);
  await lockOrderRows(tx, [c.order_id], null);
  return c;
}

/** Every reason must be one of the type's list. */
export async function assertKnownReasons(db: DB | Tx, type: number, reasons: string[]) {
  const known = new Set((await reasonsOf(db, type)).map((r) => r.content));
  if (reasons.some((r) => !known.has(r))) throw badRequest(AFTER_SALE_MSG.reasonUnknown);
}

/** Who opens a case: the merchant's user, or the customer's page on the order creator's behalf (issue 47). */
export interface CaseOpener {
  createdBy: number;
  operator: string;
  /** '' the merchant, 'customer' the customer's page */
  source: '' | 'customer';
}

/**
 * Opens a case on `order` inside the caller's transaction: the case row, the order's move to 售后
 * and the case's first log line commit with it. The caller checked the reasons (assertKnownReasons)
 * and that `voucher` holds the vendor's files.
 */
export async function openCase(tx: Tx, given: OrderRow, input: Omit<AfterSaleApplyInput, 'orderId'>, by: CaseOpener): Promise<{ id: number }> {
  // The order's lock first, as every writer of a case takes it (lockedCase): the order as it is under the lock.
  const order = await loadOrder(tx, given.id, given.vendor_id);
  if (await cases.hasCaseIn(tx, order.id, OPEN_CASE_STATUSES)) throw badRequest(AFTER_SALE_MSG.alreadyOpen);
  if (!deriveStatusInfo(order).isAfterSales) throw badRequest(AFTER_SALE_MSG.notAllowed);
  const now = nowIso();
  const moneyFen = input.type === 1 ? yuanToFen(input.money) : 0;
  if (input.type === 1) {
    // Early and friendly; the approval checks it again under the order's lock (decision 116).
    const { leftFen } = await compensationRoomFen(tx, order.id);
    if (moneyFen > leftFen) throw badRequest(compensationOverPaidMsg(fenToYuanText(leftFen)));
  }
  // The unique index on open cases is the guard; a concurrent apply that got there first wins.
  const created = await cases.insertCase(tx, {
    vendor_id: order.vendor_id,
    created_by: by.createdBy,
    order_id: order.id,
    old_order_id: order.id,
    type: input.type,
    status: AFTER_SALE_STATUS.applying,
    check_status: AFTER_SALE_CHECK.reviewing,
    money_fen: moneyFen,
    reasons: input.reasons.join(','),
    description: input.description,
    voucher: input.voucher.join(','),
    source: by.source,
    created_at: now,
  });
  if (!created) throw badRequest(AFTER_SALE_MSG.alreadyOpen);
  const typeName = afterSaleType.label(input.type);
  const what = by.source === 'customer' ? '客户反馈问题' : input.type === 1 ? `申请赔偿 ¥${fenToYuanText(moneyFen)}` : '申请售后';
  await transit(
    tx,
    'requestAfterSale',
    order.id,
    order.vendor_id,
    { operator: by.operator, content: `${what}，原因：${input.reasons.join('、')}`, relevanceType: 'afterSale', relevanceId: created.id, certificate: input.voucher },
    {},
    order,
  );
  await writeCaseLog(tx, created, by.source === 'customer' ? `客户提交问题反馈（${typeName}），等待平台审核` : `提交${typeName}申请，等待平台审核`, by.operator);
  return { id: created.id };
}

/**
 * Vendor side: apply for compensation or after-sales on a completed order, and withdraw while
 * the platform has not reviewed it. The case row and the order's move commit together.
 */
export function afterSalesService(db: DB, fileRootUrl: string) {
  return {
    async apply(p: VendorPrincipal, input: AfterSaleApplyInput): Promise<{ id: number }> {
      await assertKnownReasons(db, input.type, input.reasons);
      const voucher = input.voucher.map((v) => normalizePath(v, fileRootUrl));
      await assertOwnFiles(db, p.vendorId, voucher);
      const operator = await userDisplayName(db, p.userId);
      const orderScope = ownScope(p, PERM.orderList);
      return db.transaction().execute(async (tx) => {
        const order = await loadOrder(tx, input.orderId, p.vendorId);
        if (orderScope !== null && order.created_by !== orderScope) throw notFound();
        return openCase(tx, order, { ...input, voucher }, { createdBy: p.userId, operator, source: '' });
      });
    },

    async withdraw(p: VendorPrincipal, id: number): Promise<void> {
      const operator = await userDisplayName(db, p.userId);
      await db.transaction().execute(async (tx) => {
        const c = await lockedCase(tx, id, p.vendorId, ownScope(p, PERM.afterSaleList));
        const moved = await cases.updateCaseIf(tx, c.id, { check_status: AFTER_SALE_CHECK.withdrawn, status: AFTER_SALE_STATUS.closed, finished_at: nowIso() }, { check_status: AFTER_SALE_CHECK.reviewing });
        if (!moved) throw badRequest(AFTER_SALE_MSG.cannotWithdraw);
        await transit(tx, 'withdrawAfterSale', c.order_id, p.vendorId, { operator, content: '厂家撤回售后申请', relevanceType: 'afterSale', relevanceId: c.id });
        await writeCaseLog(tx, c, '厂家撤回申请', operator);
      });
    },
  };
}

/**
 * Platform side: review (approve / reject), then for after-sales the handling and completion.
 * A compensation is credited to the vendor's wallet in the same transaction as the approval.
 */
export function afterSalesPlatformService(db: DB) {
  /** Claim a reviewing case (from lockedCase): the conditional UPDATE makes a second decision impossible. */
  async function decide(tx: Tx, c: cases.CaseRow, set: Updateable<AfterSalesTable>) {
    if (!(await cases.updateCaseIf(tx, c.id, set, { check_status: AFTER_SALE_CHECK.reviewing }))) throw badRequest(AFTER_SALE_MSG.alreadyHandled);
    const approved = set.check_status === AFTER_SALE_CHECK.approved;
    await emitDomainEvent(tx, { type: 'after_sales.decided', vendorId: c.vendor_id, caseId: c.id, orderId: c.order_id, approved, at: nowIso() });
    return c;
  }

  /** The refusal of a handling step that did not apply: the new order is cancelled, or the case is not in processing. */
  async function whyNotMoved(tx: Tx, id: number) {
    const c = await loadCase(tx, id, null);
    const cancelled = c.status === AFTER_SALE_STATUS.processing && (await cases.newOrderStatusOf(tx, id)) === ORDER_STATUS.cancelled;
    return badRequest(cancelled ? AFTER_SALE_MSG.newOrderCancelled : AFTER_SALE_MSG.notProcessing);
  }

  return {
    async approve(op: OperatorPrincipal, id: number, body: { processingStatus?: number; remark: string }) {
      return db.transaction().execute(async (tx) => {
        const current = await lockedCase(tx, id, null);
        const log = { operator: op.name, relevanceType: 'afterSale', relevanceId: id };
        const now = nowIso();
        if (current.type === 1) {
          // One compensation check of an order at a time (under the order's lock); the sum and the credit commit together.
          const c = await decide(tx, current, { check_status: AFTER_SALE_CHECK.approved, status: AFTER_SALE_STATUS.completed, check_time: now, finished_at: now, checked_by: op.operatorId });
          const order = await loadOrder(tx, c.order_id, c.vendor_id);
          const money = Number(c.money_fen);
          const { leftFen } = await compensationRoomFen(tx, c.order_id, c.id);
          if (money > leftFen) throw badRequest(compensationOverPaidMsg(fenToYuanText(leftFen)));
          const moved = await moveBalance(tx, {
            vendorId: c.vendor_id,
            amountFen: money,
            paymentType: PAYMENT_TYPE.orderCompensation,
            payMethod: PAY_METHOD.balance,
            payStatus: PAY_STATUS.paid,
            orderNo: order.order_no,
            orderId: order.id,
            remarks: `订单赔偿：${c.reasons.split(',').join('、')}`,
            operator: op.name,
            operatorId: op.operatorId,
          });
          await cases.setCase(tx, c.id, { account_record_id: moved.recordId });
          await transit(tx, 'finishAfterSale', c.order_id, c.vendor_id, { ...log, content: `平台审核通过，赔偿 ¥${fenToYuanText(money)} 已转入账户余额` });
          await writeCaseLog(tx, c, `平台审核通过${body.remark ? `（${body.remark}）` : ''}`, op.name);
          await writeCaseLog(tx, c, `赔偿 ¥${fenToYuanText(money)} 已转入账户余额，流水号 ${moved.transactionFlowNo}`, op.name);
          return;
        }
        if (body.processingStatus === undefined) throw badRequest(AFTER_SALE_MSG.processingRequired);
        const c = await decide(tx, current, { check_status: AFTER_SALE_CHECK.approved, status: AFTER_SALE_STATUS.processing, processing_status: body.processingStatus, check_time: now, checked_by: op.operatorId });
        await writeCaseLog(tx, c, `平台审核通过${body.remark ? `（${body.remark}）` : ''}`, op.name);
        if (body.processingStatus === PROCESSING_STATUS.redispatching) {
          const fresh = await redispatchOrder(tx, c.order_id, c.vendor_id, op.name);
          await cases.setCase(tx, c.id, { new_order_id: fresh.id });
          await transit(tx, 'afterSaleProgress', c.order_id, c.vendor_id, { ...log, content: `原师傅无法处理，平台已重新派单，新工单 ${fresh.orderNo}` });
          await writeCaseLog(tx, c, `原师傅已取消，平台重新派单，新工单 ${fresh.orderNo}`, op.name);
        } else {
          await transit(tx, 'afterSaleProgress', c.order_id, c.vendor_id, { ...log, content: '平台审核通过，师傅处理中' });
          await writeCaseLog(tx, c, '师傅处理中', op.name);
        }
      });
    },

    async reject(op: OperatorPrincipal, id: number, reason: string) {
      await db.transaction().execute(async (tx) => {
        const now = nowIso();
        const c = await decide(tx, await lockedCase(tx, id, null), { check_status: AFTER_SALE_CHECK.rejected, status: AFTER_SALE_STATUS.closed, check_reason: reason, check_time: now, finished_at: now, checked_by: op.operatorId });
        await transit(tx, 'rejectAfterSale', c.order_id, c.vendor_id, { operator: op.name, content: `售后申请被驳回：${reason}`, relevanceType: 'afterSale', relevanceId: c.id });
        await writeCaseLog(tx, c, `平台驳回：${reason}`, op.name);
      });
    },

    /** A re-dispatched case whose new master has taken over: 0 → 1. */
    async masterProcessing(op: OperatorPrincipal, id: number) {
      await db.transaction().execute(async (tx) => {
        const c = await lockedCase(tx, id, null);
        const moved = await cases.updateCaseIfNewOrderLive(tx, c.id, { processing_status: PROCESSING_STATUS.masterProcessing }, { status: AFTER_SALE_STATUS.processing, processing_status: PROCESSING_STATUS.redispatching });
        if (!moved) throw await whyNotMoved(tx, c.id);
        await writeCaseLog(tx, c, '新师傅已接单，师傅处理中', op.name);
      });
    },

    async complete(op: OperatorPrincipal, id: number, remark: string) {
      await db.transaction().execute(async (tx) => {
        const c = await lockedCase(tx, id, null);
        const moved = await cases.updateCaseIfNewOrderLive(tx, c.id, { status: AFTER_SALE_STATUS.completed, finished_at: nowIso() }, { status: AFTER_SALE_STATUS.processing });
        if (!moved) throw await whyNotMoved(tx, c.id);
        await transit(tx, 'finishAfterSale', c.order_id, c.vendor_id, { operator: op.name, content: `售后处理完成${remark ? `：${remark}` : ''}`, relevanceType: 'afterSale', relevanceId: c.id });
        await writeCaseLog(tx, c, `售后处理完成${remark ? `：${remark}` : ''}`, op.name);
      });
    },
  };
}
