import { randomInt } from 'node:crypto';
import { CHANGE_TYPE, PAY_STATUS, PAY_STATUS_REJECTED } from '@portal/domain/enums';
import { WALLET_MSG } from '@portal/domain/wallet';
import type { Tx } from '../db/database';
import { badRequest, notFound } from './errors';
import { nowIso, shanghaiStamp } from './time';
import { emitDomainEvent } from './domain-events';
import * as repo from './wallet-ledger.repository';

// The only code that changes vendors.balance_fen. Every function runs inside the CALLER's
// transaction, so the balance and its ledger record commit or roll back together.

export interface MoveBalanceInput {
  vendorId: number;
  /** Signed fen: + income, − expense. */
  amountFen: number;
  paymentType: number;
  payMethod: number;
  payStatus: number;
  orderNo?: string | null;
  orderId?: number | null;
  remarks?: string;
  operator: string;
  createdBy?: number | null;
  operatorId?: number | null;
}
export interface MoveBalanceResult {
  recordId: number;
  balanceAfterFen: number;
  transactionFlowNo: string;
}

/** Serial number: Shanghai time to the millisecond + 6 random digits (unique index backs it). */
export function newFlowNo(): string {
  const stamp = shanghaiStamp();
  const ms = String(new Date().getMilliseconds()).padStart(3, '0');
  return `${stamp}${ms}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/**
 * Add `delta` fen to the vendor's balance with one conditional UPDATE; answers the new balance.
 * The condition makes "never below zero" hold under any concurrency: PostgreSQL re-checks it on
 * the locked row, and SQLite runs one writer at a time.
 */
async function shiftBalance(tx: Tx, vendorId: number, delta: number): Promise<number> {
  if (!Number.isSafeInteger(delta)) throw new RangeError(`amount must be integer fen: ${delta}`);
  const after = await repo.shiftBalanceRow(tx, vendorId, delta);
  if (after !== undefined) return after;
  if (!(await repo.vendorExists(tx, vendorId))) throw notFound();
  throw badRequest(WALLET_MSG.insufficient);
}

/** Move the balance by `amountFen` and write its ledger record; 400 余额不足 when it would go negative. */
export async function moveBalance(tx: Tx, input: MoveBalanceInput): Promise<MoveBalanceResult> {
  if (input.amountFen === 0) throw new RangeError('a ledger movement needs a non-zero amount');
  const after = await shiftBalance(tx, input.vendorId, input.amountFen);
  const now = nowIso();
  const transactionFlowNo = newFlowNo();
  const recordId = await repo.insertAccountRecord(tx, {
    ...recordOf(input, now, transactionFlowNo),
    before_balance_fen: after - input.amountFen,
    balance_after_fen: after,
  });
  await emitDomainEvent(tx, { type: 'wallet.moved', vendorId: input.vendorId, recordId, amountFen: input.amountFen, balanceAfterFen: after, paymentType: input.paymentType, orderId: input.orderId ?? null, at: now });
  return { recordId, balanceAfterFen: after, transactionFlowNo };
}

/** A settled movement's ledger record, all but the balances. */
function recordOf(input: MoveBalanceInput, now: string, transactionFlowNo: string) {
  return {
    vendor_id: input.vendorId,
    change_type: input.amountFen > 0 ? CHANGE_TYPE.income : CHANGE_TYPE.expense,
    amount_fen: input.amountFen,
    settled: 1,
    payment_type: input.paymentType,
    pay_method: input.payMethod,
    pay_status: input.payStatus,
    order_no: input.orderNo ?? null,
    order_id: input.orderId ?? null,
    transaction_flow_no: transactionFlowNo,
    operator: input.operator.slice(0, 60),
    remarks: (input.remarks ?? '').slice(0, 500),
    created_by: input.createdBy ?? null,
    operator_id: input.operatorId ?? null,
    pay_time: now,
    created_at: now,
  };
}

export interface PendingRecordInput {
  vendorId: number;
  /** Positive fen the vendor says it paid. */
  amountFen: number;
  paymentType: number;
  payMethod: number;
  credentials: string;
  remarks?: string;
  operator: string;
  createdBy?: number | null;
}

/** A top-up awaiting the platform's confirmation: a ledger record that has not moved the balance. */
export async function addPendingRecord(tx: Tx, input: PendingRecordInput): Promise<{ recordId: number; transactionFlowNo: string }> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw new RangeError('a pending top-up needs a positive amount');
  const now = nowIso();
  const transactionFlowNo = newFlowNo();
  const recordId = await repo.insertAccountRecord(tx, {
    vendor_id: input.vendorId,
      change_type: CHANGE_TYPE.income,
      amount_fen: input.amountFen,
      before_balance_fen: null,
      balance_after_fen: null,
      settled: 0,
      payment_type: input.paymentType,
      pay_method: input.payMethod,
      pay_status: PAY_STATUS.awaitingConfirm,
      transaction_flow_no: transactionFlowNo,
      operator: input.operator.slice(0, 60),
      remarks: (input.remarks ?? '').slice(0, 500),
      credentials: input.credentials,
      created_by: input.createdBy ?? null,
    pay_time: now,
    created_at: now,
  });
  return { recordId, transactionFlowNo };
}

export interface SettleInput {
  /** Name written into the record's operator column (the confirming operator). */
  operator: string;
  operatorId?: number | null;
}

/**
 * Confirm a pending top-up: pay status 2 → 3 with one conditional UPDATE, then move the balance.
 * Its pay time becomes the moment it moved the balance, as every other record's is (decision 271): the
 * ledger orders, filters and runs its balance by that time. created_at keeps the submission.
 * Answers null when the record is not pending any more (a second confirmation has no effect).
 */
export async function settlePendingRecord(tx: Tx, recordId: number, input: SettleInput): Promise<MoveBalanceResult | null> {
  const claimed = await repo.claimPendingRecord(tx, recordId, { pay_status: PAY_STATUS.confirmed, settled: 1, confirmed_at: nowIso(), operator: input.operator.slice(0, 60), operator_id: input.operatorId ?? null });
  if (!claimed) return null;
  const amount = Number(claimed.amount_fen);
  const after = await shiftBalance(tx, claimed.vendor_id, amount);
  // Taken after the balance row is held, as moveBalance takes its time: moves of one vendor keep their order.
  await repo.setSettledBalances(tx, recordId, after - amount, after, nowIso());
  await emitDomainEvent(tx, { type: 'wallet.topup_decided', vendorId: claimed.vendor_id, recordId, confirmed: true, at: nowIso() });
  return { recordId, balanceAfterFen: after, transactionFlowNo: claimed.transaction_flow_no };
}

/** Refuse a pending top-up (pay status 2 → 5) with a reason; false when it was not pending. */
export async function rejectPendingRecord(tx: Tx, recordId: number, input: SettleInput & { reason: string }): Promise<boolean> {
  const r = await repo.claimPendingRecord(tx, recordId, { pay_status: PAY_STATUS_REJECTED, reject_reason: input.reason.slice(0, 500), confirmed_at: nowIso(), operator: input.operator.slice(0, 60), operator_id: input.operatorId ?? null });
  if (!r) return false;
  await emitDomainEvent(tx, { type: 'wallet.topup_decided', vendorId: r.vendor_id, recordId, confirmed: false, at: nowIso() });
  return true;
}

/** The vendor's balance in fen. */
export async function balanceOf(tx: Tx | import('../db/database').DB, vendorId: number): Promise<number> {
  const row = await repo.findBalance(tx, vendorId);
  if (!row) throw notFound();
  return Number(row.balance_fen);
}
