import { sql, type Updateable } from 'kysely';
import { INVOICE_STATUS } from '@portal/domain/statements';
import { PAYMENT_TYPE } from '@portal/domain/enums';
import type { DB, Tx } from '../../db/database';
import type { InvoiceRequestsTable } from '../../db/schema/statements';
import { onPostgres } from '../../db/engine';

// SQL of what a cancelled and refunded order does to the invoice requests holding its money (decision 291).

const LIVE = [INVOICE_STATUS.requested, INVOICE_STATUS.issued];

/**
 * Serialises a vendor's invoice writes with its balance moves: on PostgreSQL the vendor row's lock,
 * which every balance move (a refund too) takes by updating that row; SQLite transactions hold the write lock.
 */
export async function lockVendorBooks(tx: Tx, vendorId: number) {
  if (onPostgres(tx)) await sql`select id from vendors where id = ${vendorId} for update`.execute(tx);
}

/** Of these orders, those with a record held by a live (requested or issued) request. */
export async function ordersOnLiveRequests(tx: Tx, orderIds: number[]): Promise<Set<number>> {
  const rows = await tx
    .selectFrom('invoice_items')
    .innerJoin('account_records', 'account_records.id', 'invoice_items.record_id')
    .innerJoin('invoice_requests', 'invoice_requests.id', 'invoice_items.request_id')
    .select('account_records.order_id')
    .distinct()
    .where('invoice_items.active', '=', 1)
    .where('invoice_requests.status', 'in', LIVE)
    .where('account_records.order_id', 'in', orderIds)
    .execute();
  return new Set(rows.map((r) => Number(r.order_id)));
}

/** The live requests holding records of the order, with what of the order each holds (fen, charges negative). */
export async function liveHoldersOfOrder(tx: Tx, orderId: number) {
  const rows = await tx
    .selectFrom('invoice_items')
    .innerJoin('account_records', 'account_records.id', 'invoice_items.record_id')
    .innerJoin('invoice_requests', 'invoice_requests.id', 'invoice_items.request_id')
    .select(['invoice_requests.id', (eb) => eb.fn.sum<string | number>('invoice_items.amount_fen').as('held')])
    .where('invoice_items.active', '=', 1)
    .where('invoice_requests.status', 'in', LIVE)
    .where('account_records.order_id', '=', orderId)
    .groupBy('invoice_requests.id')
    .orderBy('invoice_requests.id')
    .execute();
  return rows.map((r) => ({ id: r.id, held: Number(r.held) }));
}

/** Orders of a request's records that have a refund no request holds yet. */
export async function refundedOrdersOfRequest(tx: Tx, vendorId: number, requestId: number): Promise<number[]> {
  const openRefunds = tx
    .selectFrom('account_records')
    .leftJoin('invoice_items', (j) => j.onRef('invoice_items.record_id', '=', 'account_records.id').on('invoice_items.active', '=', 1))
    .select('account_records.order_id')
    .where('account_records.vendor_id', '=', vendorId)
    .where('account_records.payment_type', '=', PAYMENT_TYPE.orderRefund)
    .where(sql<boolean>`account_records.settled = 1`)
    .where('invoice_items.id', 'is', null);
  const rows = await tx
    .selectFrom('invoice_items')
    .innerJoin('account_records', 'account_records.id', 'invoice_items.record_id')
    .select('account_records.order_id')
    .distinct()
    .where('invoice_items.request_id', '=', requestId)
    .where('invoice_items.active', '=', 1)
    .where('account_records.order_id', 'in', openRefunds)
    .execute();
  return rows.map((r) => Number(r.order_id));
}

/**
 * Takes the request's row for a change while it is in `status`: on PostgreSQL the row lock, and the
 * condition is checked again after waiting for it. False when it has moved on meanwhile.
 */
export async function holdRequestIn(tx: Tx, id: number, status: number) {
  const r = await tx.updateTable('invoice_requests').set({ status }).where('id', '=', id).where('status', '=', status).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function orderNoOf(tx: Tx, orderId: number) {
  return (await tx.selectFrom('orders').select('order_no').where('id', '=', orderId).executeTakeFirstOrThrow()).order_no;
}

export function readRequest(tx: DB | Tx, id: number) {
  return tx.selectFrom('invoice_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The request's records of one order (or all of them) are no longer its own: that money is open again. */
export async function releaseItemsOfOrder(tx: Tx, requestId: number, orderId: number) {
  const ofOrder = tx.selectFrom('account_records').select('id').where('order_id', '=', orderId);
  await tx.updateTable('invoice_items').set({ active: 0 }).where('request_id', '=', requestId).where('active', '=', 1).where('record_id', 'in', ofOrder).execute();
}

/** What the request's records come to now: paid minus refunded, in fen. */
export async function netOfRequest(tx: Tx, requestId: number) {
  const r = await tx
    .selectFrom('invoice_items')
    .select((eb) => eb.fn.sum<string | number>('amount_fen').as('sum'))
    .where('request_id', '=', requestId)
    .where('active', '=', 1)
    .executeTakeFirst();
  return -Number(r?.sum ?? 0);
}

export async function addItems(tx: Tx, requestId: number, vendorId: number, records: { id: number; amount_fen: number }[]) {
  if (!records.length) return;
  await tx
    .insertInto('invoice_items')
    .values(records.map((rec) => ({ request_id: requestId, vendor_id: vendorId, record_id: rec.id, amount_fen: Number(rec.amount_fen) })))
    .execute();
}

export async function updateRequest(tx: Tx, id: number, set: Updateable<InvoiceRequestsTable>) {
  await tx.updateTable('invoice_requests').set(set).where('id', '=', id).execute();
}

/** Registers a red invoice when what is owed is still what the operator saw: false otherwise. */
export async function registerRed(tx: Tx, id: number, seen: { redFen: number; doneFen: number }, set: { red_done_fen: number; red_invoices: string }) {
  const r = await tx
    .updateTable('invoice_requests')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', INVOICE_STATUS.issued)
    .where('red_fen', '=', seen.redFen)
    .where('red_done_fen', '=', seen.doneFen)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
