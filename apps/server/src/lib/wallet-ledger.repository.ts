import { sql, type Insertable } from 'kysely';
import { PAY_STATUS } from '@portal/domain/enums';
import type { DB, Tx } from '../db/database';
import type { AccountRecordsTable } from '../db/schema/wallet';

// The statements of the money kernel (lib/wallet-ledger.ts, decision 156): vendors.balance_fen and
// account_records, always in the caller's transaction.

/**
 * Adds `delta` fen to the balance with one conditional UPDATE (never below zero); answers the new
 * balance, or undefined when the vendor is missing or the balance would go negative.
 */
export async function shiftBalanceRow(tx: Tx, vendorId: number, delta: number) {
  const row = await tx
    .updateTable('vendors')
    .set({ balance_fen: sql<number>`balance_fen + ${delta}` })
    .where('id', '=', vendorId)
    .where(sql<number>`balance_fen + ${delta}`, '>=', 0)
    .returning('balance_fen')
    .executeTakeFirst();
  return row ? Number(row.balance_fen) : undefined;
}

export const vendorExists = async (tx: Tx, vendorId: number) => !!(await tx.selectFrom('vendors').select('id').where('id', '=', vendorId).executeTakeFirst());

export const insertAccountRecord = async (tx: Tx, values: Insertable<AccountRecordsTable>) =>
  (await tx.insertInto('account_records').values(values).returning('id').executeTakeFirstOrThrow()).id;

/** A pending top-up (awaiting confirmation, unsettled) updated with `set`; answers what the caller needs, or undefined when it was not pending. */
export const claimPendingRecord = (tx: Tx, recordId: number, set: { pay_status: number; settled?: number; confirmed_at: string; operator: string; operator_id: number | null; reject_reason?: string }) =>
  tx
    .updateTable('account_records')
    .set(set)
    .where('id', '=', recordId)
    .where('pay_status', '=', PAY_STATUS.awaitingConfirm)
    .where('settled', '=', 0)
    .returning(['vendor_id', 'amount_fen', 'transaction_flow_no'])
    .executeTakeFirst();

/** A confirmed top-up's balances, and the time it moved the balance as its pay time (and confirmation time). */
export const setSettledBalances = (tx: Tx, recordId: number, beforeFen: number, afterFen: number, movedAt: string) =>
  tx.updateTable('account_records').set({ before_balance_fen: beforeFen, balance_after_fen: afterFen, pay_time: movedAt, confirmed_at: movedAt }).where('id', '=', recordId).execute();

export const findBalance = (db: Tx | DB, vendorId: number) => db.selectFrom('vendors').select('balance_fen').where('id', '=', vendorId).executeTakeFirst();
