import { sql, type Insertable, type Updateable } from 'kysely';
import { EXTRA_FEE_STATUS } from '@portal/domain/extra-fees';
import type { DB, Tx } from '../../db/database';
import type { ExtraFeesTable } from '../../db/schema/extra-fees';
import { expensesWithLine } from '../../lib/order-expenses.repository';

// The SQL of extra fee requests (issue 46, decisions 250–254).

export type ExtraFeeRecord = NonNullable<Awaited<ReturnType<typeof findFee>>>;

const feeColumns = (db: DB | Tx) =>
  db
    .selectFrom('extra_fees as f')
    .innerJoin('orders as o', 'o.id', 'f.order_id')
    .leftJoin('account_records as r', 'r.id', 'f.account_record_id')
    .selectAll('f')
    .select(['o.order_no', sql<string>`coalesce(r.transaction_flow_no, '')`.as('flow_no')]);

export const findFee = (db: DB | Tx, id: number) => feeColumns(db).where('f.id', '=', id).executeTakeFirst();

/** The order's requests, newest first. */
export const feesOfOrder = (db: DB | Tx, orderId: number) => feeColumns(db).where('f.order_id', '=', orderId).orderBy('f.id', 'desc').execute();

/** The console's list: every vendor's requests, newest first, by status. */
export async function pageFees(db: DB, status: number | undefined, pageNum: number, pageSize: number) {
  const filtered = status === undefined ? db.selectFrom('extra_fees as f') : db.selectFrom('extra_fees as f').where('f.status', '=', status);
  const [rows, total] = await Promise.all([
    filtered
      .innerJoin('orders as o', 'o.id', 'f.order_id')
      .innerJoin('vendors as v', 'v.id', 'f.vendor_id')
      .leftJoin('account_records as r', 'r.id', 'f.account_record_id')
      .selectAll('f')
      .select(['o.order_no', 'v.company as vendor_name', sql<string>`coalesce(r.transaction_flow_no, '')`.as('flow_no')])
      .orderBy('f.id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export const hasPending = async (tx: Tx, orderId: number) =>
  !!(await tx.selectFrom('extra_fees').select('id').where('order_id', '=', orderId).where('status', '=', EXTRA_FEE_STATUS.pending).executeTakeFirst());

/** What the order's approved requests came to, in fen. */
export async function approvedFen(db: DB | Tx, orderId: number): Promise<number> {
  const r = await db
    .selectFrom('extra_fees')
    .select(sql<string | number>`coalesce(sum(amount_fen), 0)`.as('n'))
    .where('order_id', '=', orderId)
    .where('status', '=', EXTRA_FEE_STATUS.approved)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * An approved fee joins the order's money, as an urgent fee paid after payment does: one expense line
 * (type 1, an addition) appended and the total and the paid amount raised, in one UPDATE of the row, so
 * the order's detail, list, export and its ledger debits agree. The line is appended by the database, not
 * from a copy read earlier, so a concurrent change of the order's expenses is not lost.
 */
export async function addFeeToOrder(tx: Tx, orderId: number, name: string, amountFen: number, now: string) {
  await tx
    .updateTable('orders')
    .set({ total_fen: sql<number>`total_fen + ${amountFen}`, real_pay_fen: sql<number>`real_pay_fen + ${amountFen}`, expenses: expensesWithLine(tx, name, amountFen), updated_at: now })
    .where('id', '=', orderId)
    .execute();
}

/** A new request; undefined when another pending one of the order got there first (the partial unique index). */
export async function insertFee(tx: Tx, row: Insertable<ExtraFeesTable>): Promise<number | undefined> {
  const r = await tx
    .insertInto('extra_fees')
    .values(row)
    .onConflict((oc) => oc.column('order_id').where(sql<boolean>`status = 0`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id;
}

/**
 * Decides a pending request with one conditional UPDATE (status 0 → `set.status`): of two decisions at
 * once exactly one gets the row. `scope` limits it to a vendor (and an owner under data scope "own").
 */
export function claimPending(tx: Tx, id: number, scope: { vendorId: number | null; ownerId: number | null }, set: Updateable<ExtraFeesTable>) {
  let q = tx.updateTable('extra_fees').set(set).where('id', '=', id).where('status', '=', EXTRA_FEE_STATUS.pending);
  if (scope.vendorId !== null) q = q.where('vendor_id', '=', scope.vendorId);
  if (scope.ownerId !== null) q = q.where('order_owner', '=', scope.ownerId);
  return q.returningAll().executeTakeFirst();
}

export const findPendingFee = (tx: Tx, id: number) => tx.selectFrom('extra_fees').selectAll().where('id', '=', id).where('status', '=', EXTRA_FEE_STATUS.pending).executeTakeFirst();

export const setFee = (tx: Tx, id: number, set: Updateable<ExtraFeesTable>) => tx.updateTable('extra_fees').set(set).where('id', '=', id).execute();

/** A vendor's request as its user may see it (another vendor's, or another owner's under "own", is undefined). */
export function findVisibleFee(db: DB | Tx, id: number, vendorId: number, ownerId: number | null) {
  let q = db.selectFrom('extra_fees').selectAll().where('id', '=', id).where('vendor_id', '=', vendorId);
  if (ownerId !== null) q = q.where('order_owner', '=', ownerId);
  return q.executeTakeFirst();
}

/** Pending requests whose time is up, oldest first (the sweep decides each in its own transaction). */
export const dueFees = (db: DB, now: string, limit: number) =>
  db.selectFrom('extra_fees').select('id').where('status', '=', EXTRA_FEE_STATUS.pending).where('due_at', '<', now).orderBy('due_at').limit(limit).execute();

/** The order as a vendor user may see it (another vendor's, or another owner's under "own", is undefined). */
export function findOrderOf(db: DB, orderId: number, vendorId: number, ownerId: number | null) {
  let q = db.selectFrom('orders').select(['id', 'vendor_id', 'service_type', 'status']).where('id', '=', orderId).where('vendor_id', '=', vendorId);
  if (ownerId !== null) q = q.where('created_by', '=', ownerId);
  return q.executeTakeFirst();
}

export const findOrderForConsole = (db: DB, orderId: number) => db.selectFrom('orders').select(['id', 'vendor_id', 'service_type', 'status']).where('id', '=', orderId).executeTakeFirst();
