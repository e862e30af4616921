import { EXTRA_FEE_MSG, EXTRA_FEE_STATUS, EXTRA_FEE_STATUSES, extraFeeReasonText, type ExtraFeeRequestInput } from '@portal/domain/extra-fees';
import { PAY_METHOD, PAY_STATUS, PAYMENT_TYPE } from '@portal/domain/enums';
import { fenToYuanText, yuanToFen } from '@portal/domain/money';
import { PERM } from '@portal/domain/permissions';
import { WALLET_MSG } from '@portal/domain/wallet';
import type { DB, Tx } from '../../db/database';
import { emitDomainEvent, type ExtraFeeEvent } from '../../lib/domain-events';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { assertPlatformFiles } from '../../lib/files.repository';
import { loadOrder, lockOrderRows, writeLog, type OrderRow } from '../../lib/order-state-machine';
import { nowIso } from '../../lib/time';
import { userDisplayName } from '../../lib/user-names';
import { moveBalance, type MoveBalanceResult } from '../../lib/wallet-ledger';
import { ownScope } from '../../plugins/auth';
import type { VendorPrincipal } from '../../plugins/context';
import { capRoomOf } from './extra-fee-cap';
import { settingsOf } from './extra-fee-caps.repository';
import { addFeeToOrder, claimPending, findPendingFee, findVisibleFee, hasPending, insertFee, setFee } from './extra-fees.repository';

// Extra fees (issue 46, decisions 250–254). A request never moves the order's status or node (decision
// 250): it is a line of the order's operation log at the node the order stays at. Every decision is one
// conditional UPDATE of the request (pending → decided), and an approval's debit and ledger record
// commit in the same transaction, so two approvals at once debit once and a refused debit writes nothing.

export const EXTRA_FEE_RELEVANCE = 'extraFee';
const SYSTEM = '系统';

/** Who asks: an operator of the console acting for the master, or a platform system through the same API. */
export interface Requester {
  operator: string;
}

const yuan = (fen: number) => `¥${fenToYuanText(fen)}`;

/**
 * Debits an approved request and adds it to the order's expenses, total and paid amount (decision 272);
 * null (nothing written) when the balance is short.
 */
async function debit(tx: Tx, order: OrderRow, fee: { id: number; amount_fen: number | string; reason: string; reason_text: string }, operator: string, userId: number | null): Promise<MoveBalanceResult | null> {
  const name = `服务加价：${extraFeeReasonText(fee.reason, fee.reason_text)}`;
  let moved: MoveBalanceResult;
  try {
    moved = await moveBalance(tx, {
      vendorId: order.vendor_id,
      amountFen: -Number(fee.amount_fen),
      paymentType: PAYMENT_TYPE.extraFee,
      payMethod: PAY_METHOD.balance,
      payStatus: PAY_STATUS.paid,
      orderNo: order.order_no,
      orderId: order.id,
      remarks: name,
      operator,
      createdBy: userId,
    });
  } catch (err) {
    // The balance UPDATE matched no row: nothing was written, the transaction goes on.
    if (err instanceof AppError && err.message === WALLET_MSG.insufficient) return null;
    throw err;
  }
  await addFeeToOrder(tx, order.id, name, Number(fee.amount_fen), nowIso());
  return moved;
}

function event(type: ExtraFeeEvent['type'], order: OrderRow, fee: { id: number; amount_fen: number | string; reason: string; reason_text: string }, status: number, decidedBy: string, rejectReason: string, content: string): ExtraFeeEvent {
  return {
    type, vendorId: order.vendor_id, orderId: order.id, orderNo: order.order_no, createdBy: order.created_by, feeId: fee.id, amountFen: Number(fee.amount_fen),
    reason: extraFeeReasonText(fee.reason, fee.reason_text), status, decidedBy, rejectReason, content, at: nowIso(),
  };
}

/** The line the order's log, the bell and the webhook carry for a decision. */
function decidedText(what: string, status: number, decidedBy: string, rejectReason: string) {
  if (status === EXTRA_FEE_STATUS.approved) {
    return decidedBy === 'cap' ? `${what}在加价上限内，已自动通过并从余额扣款` : decidedBy === 'timeout' ? `${what}超时未处理，在加价上限内已自动通过并扣款` : `厂家已同意${what}，已从余额扣款`;
  }
  return decidedBy === 'merchant' ? `厂家驳回${what}：${rejectReason}` : `${what}已自动驳回：${rejectReason}`;
}

async function record(tx: Tx, order: OrderRow, fee: { id: number; amount_fen: number | string; reason: string; reason_text: string }, status: number, decidedBy: string, rejectReason: string, operator: string) {
  const what = `加价申请（${extraFeeReasonText(fee.reason, fee.reason_text)} ${yuan(Number(fee.amount_fen))}）`;
  const content = decidedText(what, status, decidedBy, rejectReason);
  await writeLog(tx, order, order.node, { operator, content, relevanceType: EXTRA_FEE_RELEVANCE, relevanceId: fee.id });
  await emitDomainEvent(tx, event('extra_fee.decided', order, fee, status, decidedBy, rejectReason, content));
}

export function extraFeesService(db: DB) {
  return {
    /**
     * The master's request (through the console or a platform system). Under the order's lock: a request
     * that fits in what is left of the cap is approved and debited at once; one above it waits, or is
     * refused when the merchant says so; with no cap it waits (decision 251).
     */
    async request(by: Requester, orderId: number, input: ExtraFeeRequestInput) {
      return db.transaction().execute(async (tx) => {
        const order = await loadOrder(tx, orderId, null);
        if (!EXTRA_FEE_STATUSES.includes(order.status)) throw badRequest(EXTRA_FEE_MSG.notInService);
        if (await hasPending(tx, order.id)) throw badRequest(EXTRA_FEE_MSG.alreadyPending);
        await assertPlatformFiles(tx, order.vendor_id, input.photos);
        const settings = await settingsOf(tx, order.vendor_id);
        const room = await capRoomOf(tx, order);
        const amountFen = yuanToFen(input.amount);
        const now = nowIso();
        const id = await insertFee(tx, {
          vendor_id: order.vendor_id, order_id: order.id, order_owner: order.created_by, reason: input.reason, reason_text: input.reason === 'other' ? input.reasonText : '',
          amount_fen: amountFen, photos: JSON.stringify(input.photos), note: input.note, status: EXTRA_FEE_STATUS.pending, requested_by: by.operator.slice(0, 60),
          due_at: new Date(Date.now() + settings.timeoutHours * 3600_000).toISOString(), created_at: now,
        });
        if (id === undefined) throw badRequest(EXTRA_FEE_MSG.alreadyPending);
        const fee = { id, amount_fen: amountFen, reason: input.reason, reason_text: input.reason === 'other' ? input.reasonText : '' };
        const what = `${extraFeeReasonText(fee.reason, fee.reason_text)} ${yuan(amountFen)}`;
        await writeLog(tx, order, order.node, {
          operator: by.operator,
          content: `师傅申请加价：${what}${input.note ? `（${input.note}）` : ''}`,
          relevanceType: EXTRA_FEE_RELEVANCE,
          relevanceId: id,
          certificate: input.photos,
        });

        let status: number = EXTRA_FEE_STATUS.pending;
        let decidedBy = '';
        let rejectReason = '';
        if (room.leftFen !== null && amountFen <= room.leftFen) {
          // Within the cap: approved at once, unless the balance is short — then the merchant decides.
          const moved = await debit(tx, order, fee, SYSTEM, null);
          if (moved) {
            await setFee(tx, id, { status: EXTRA_FEE_STATUS.approved, decided_by: 'cap', decider: SYSTEM, decided_at: nowIso(), account_record_id: moved.recordId });
            status = EXTRA_FEE_STATUS.approved;
            decidedBy = 'cap';
          }
        } else if (room.leftFen !== null && settings.overCap === 'refuse') {
          rejectReason = `超出加价上限（剩余${yuan(room.leftFen)}）`;
          await setFee(tx, id, { status: EXTRA_FEE_STATUS.rejected, decided_by: 'cap_refused', decider: SYSTEM, decided_at: nowIso(), reject_reason: rejectReason });
          status = EXTRA_FEE_STATUS.rejected;
          decidedBy = 'cap_refused';
        }
        await emitDomainEvent(tx, event('extra_fee.requested', order, fee, status, decidedBy, rejectReason, `师傅申请加价：${what}，${status === EXTRA_FEE_STATUS.pending ? '待确认' : status === EXTRA_FEE_STATUS.approved ? '在加价上限内已自动通过' : '超出加价上限已自动驳回'}`));
        if (status !== EXTRA_FEE_STATUS.pending) await record(tx, order, fee, status, decidedBy, rejectReason, SYSTEM);
        const msg = status === EXTRA_FEE_STATUS.approved ? EXTRA_FEE_MSG.autoApproved : status === EXTRA_FEE_STATUS.rejected ? EXTRA_FEE_MSG.overCapRefused : EXTRA_FEE_MSG.requested;
        return { id, status, msg };
      });
    },

    /** The merchant approves: the request's claim, the debit and its ledger record in one transaction. */
    async approve(p: VendorPrincipal, id: number) {
      const operator = await userDisplayName(db, p.userId);
      const ownerId = ownScope(p, PERM.orderList);
      return db.transaction().execute(async (tx) => {
        const visible = await findVisibleFee(tx, id, p.vendorId, ownerId);
        if (!visible) throw notFound();
        // The order's lock first, as every writer of the order takes it (the order, then the balance): an
        // urgent fee added at the same moment waits instead of deadlocking (PostgreSQL).
        await lockOrderRows(tx, [visible.order_id], p.vendorId);
        const fee = await claimPending(tx, id, { vendorId: p.vendorId, ownerId }, { status: EXTRA_FEE_STATUS.approved, decided_by: 'merchant', decider: operator.slice(0, 60), decider_id: p.userId, decided_at: nowIso() });
        if (!fee) throw badRequest(EXTRA_FEE_MSG.alreadyDecided);
        const order = await loadOrder(tx, fee.order_id, p.vendorId);
        const moved = await debit(tx, order, fee, operator, p.userId);
        if (!moved) throw badRequest(EXTRA_FEE_MSG.insufficient); // rolls the claim back: nothing written
        await setFee(tx, fee.id, { account_record_id: moved.recordId });
        await record(tx, order, fee, EXTRA_FEE_STATUS.approved, 'merchant', '', operator);
        return { id: fee.id, status: EXTRA_FEE_STATUS.approved, balanceFen: moved.balanceAfterFen };
      });
    },

    async reject(p: VendorPrincipal, id: number, reason: string) {
      const operator = await userDisplayName(db, p.userId);
      const ownerId = ownScope(p, PERM.orderList);
      return db.transaction().execute(async (tx) => {
        const visible = await findVisibleFee(tx, id, p.vendorId, ownerId);
        if (!visible) throw notFound();
        // The order's lock before the request's, as approve takes them (PostgreSQL would deadlock the two otherwise).
        await lockOrderRows(tx, [visible.order_id], p.vendorId);
        const fee = await claimPending(tx, id, { vendorId: p.vendorId, ownerId }, { status: EXTRA_FEE_STATUS.rejected, decided_by: 'merchant', decider: operator.slice(0, 60), decider_id: p.userId, decided_at: nowIso(), reject_reason: reason });
        if (!fee) throw badRequest(EXTRA_FEE_MSG.alreadyDecided);
        const order = await loadOrder(tx, fee.order_id, p.vendorId);
        await record(tx, order, fee, EXTRA_FEE_STATUS.rejected, 'merchant', reason, operator);
        return { id: fee.id, status: EXTRA_FEE_STATUS.rejected, balanceFen: null };
      });
    },
  };
}

/**
 * The timeout rule for one pending request whose time is up (decision 251): the merchant's setting
 * "approve" approves it when it fits in what is left of the cap and the balance covers it, otherwise
 * (and with "reject") it is rejected. The claim is a conditional UPDATE: of several sweeps at once one
 * decides. Answers whether this call decided it.
 */
export async function decideOnTimeout(db: DB, id: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const pending = await findPendingFee(tx, id);
    if (!pending) return false;
    const order = await loadOrder(tx, pending.order_id, pending.vendor_id);
    const settings = await settingsOf(tx, order.vendor_id);
    const now = nowIso();
    let approve = false;
    let reason = '超时未处理，按厂家设置自动驳回';
    if (settings.timeoutAction === 'approve') {
      const room = await capRoomOf(tx, order);
      approve = room.leftFen !== null && Number(pending.amount_fen) <= room.leftFen;
      if (!approve) reason = room.leftFen === null ? '超时未处理，未设置加价上限，自动驳回' : `超时未处理，超出加价上限（剩余${yuan(room.leftFen)}），自动驳回`;
    }
    const fee = await claimPending(tx, id, { vendorId: null, ownerId: null }, approve
      ? { status: EXTRA_FEE_STATUS.approved, decided_by: 'timeout', decider: SYSTEM, decided_at: now }
      : { status: EXTRA_FEE_STATUS.rejected, decided_by: 'timeout', decider: SYSTEM, decided_at: now, reject_reason: reason });
    if (!fee) return false;
    if (approve) {
      const moved = await debit(tx, order, fee, SYSTEM, null);
      if (moved) {
        await setFee(tx, fee.id, { account_record_id: moved.recordId });
        await record(tx, order, fee, EXTRA_FEE_STATUS.approved, 'timeout', '', SYSTEM);
        return true;
      }
      reason = '超时未处理，账户余额不足，自动驳回';
      await setFee(tx, fee.id, { status: EXTRA_FEE_STATUS.rejected, reject_reason: reason });
    }
    await record(tx, order, fee, EXTRA_FEE_STATUS.rejected, 'timeout', reason, SYSTEM);
    return true;
  });
}
