import { sql, type Insertable } from 'kysely';
import { PAY_STATUS } from '@portal/domain/enums';
import { CompiledOnce, firstRow, rowShape } from '../db/compiled-once';
import type { DB, Tx } from '../db/database';
import { NAMED } from '../db/pg-prepared';
import type { AccountRecordsTable } from '../db/schema/wallet';

// The statements of the money kernel (lib/wallet-ledger.ts, decision 156): vendors.balance_fen and
// account_records, always in the caller's transaction. Those every payment runs are compiled once a
// shape (decision 200).
const BALANCE_SHIFT = new CompiledOnce('shiftBalanceRow');
const RECORD_INSERT = new CompiledOnce('insertAccountRecord');
const MOVE_AND_RECORD = new CompiledOnce('moveAndRecordInOneStatement');

/**
 * Adds `delta` fen to the balance with one conditional UPDATE (never below zero); answers the new
 * balance, or undefined when the vendor is missing or the balance would go negative.
 */
export async function shiftBalanceRow(tx: Tx, vendorId: number, delta: number) {
  const r = await BALANCE_SHIFT.run(tx, { shape: '', values: [delta, vendorId, delta, 0] }, () =>
    tx
      .updateTable('vendors')
      .set({ balance_fen: sql<number>`balance_fen + ${delta}` })
      .where('id', '=', vendorId)
      .where(sql<number>`balance_fen + ${delta}`, '>=', 0)
      .returning('balance_fen'),
  );
  const row = firstRow(r);
  return row ? Number(row.balance_fen) : undefined;
}

export const vendorExists = async (tx: Tx, vendorId: number) => !!(await tx.selectFrom('vendors').select('id').where('id', '=', vendorId).executeTakeFirst());

export const insertAccountRecord = async (tx: Tx, values: Insertable<AccountRecordsTable>) =>
  firstRow(await RECORD_INSERT.run(tx, rowShape(tx, values), () => tx.insertInto('account_records').values(values).returning('id')))!.id;

/**
 * PostgreSQL: the balance's conditional UPDATE and the record's INSERT as one statement (a
 * data-modifying CTE, decision 146); answers the record's id and the new balance, or undefined when
 * the UPDATE matched nothing. Named (decision 194): every payment, refund and fee runs it, and its
 * plan is two key lookups whatever the values.
 */
export async function moveAndRecordInOneStatement<R extends Record<string, unknown>>(tx: Tx, vendorId: number, delta: number, rec: R) {
  const columns = Object.keys(rec) as Array<keyof R & string>;
  const shaped = { shape: columns.join(), values: [delta, vendorId, delta, ...columns.map((c) => rec[c]), delta] };
  const statement = () =>
    sql<{ id: number; balance_after_fen: number }>`${NAMED}
    with moved as (
      update vendors set balance_fen = balance_fen + ${delta} where id = ${vendorId} and balance_fen + ${delta} >= 0 returning balance_fen
    )
    insert into account_records (${sql.join(columns.map((c) => sql.ref(c)))}, before_balance_fen, balance_after_fen)
    select ${sql.join(columns.map((c) => sql`${rec[c]}`))}, moved.balance_fen - ${delta}, moved.balance_fen from moved
    returning id, balance_after_fen`.compile(tx);
  return firstRow(await MOVE_AND_RECORD.run(tx, shaped, () => ({ compile: statement })));
}

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

export const setRecordBalances = (tx: Tx, recordId: number, beforeFen: number, afterFen: number) =>
  tx.updateTable('account_records').set({ before_balance_fen: beforeFen, balance_after_fen: afterFen }).where('id', '=', recordId).execute();

export const findBalance = (db: Tx | DB, vendorId: number) => db.selectFrom('vendors').select('balance_fen').where('id', '=', vendorId).executeTakeFirst();
