import { sql, type Insertable, type Selectable } from 'kysely';
import { INVOICE_STATUS } from '@portal/domain/statements';
import { PAYMENT_TYPE } from '@portal/domain/enums';
import type { DB, Tx } from '../../db/database';
import type { InvoiceRequestsTable } from '../../db/schema/statements';

export type InvoiceRequestRow = Selectable<InvoiceRequestsTable>;

/** When a settled record moved the balance (decision 271). */
const MOVED_AT = sql<string>`account_records.pay_time`;

/**
 * The settled records no live invoice request holds yet that invoices cover: what the vendor paid
 * (expenses) and what came back for an order (refunds, which lower the amount).
 */
function openBase(db: DB | Tx, vendorId: number) {
  return db
    .selectFrom('account_records')
    .leftJoin('invoice_items', (j) => j.onRef('invoice_items.record_id', '=', 'account_records.id').on('invoice_items.active', '=', 1))
    .where('account_records.vendor_id', '=', vendorId)
    .where(sql<boolean>`account_records.settled = 1`)
    .where('invoice_items.id', 'is', null)
    .where((eb) => eb.or([eb('account_records.change_type', '=', 0), eb('account_records.payment_type', '=', PAYMENT_TYPE.orderRefund)]));
}

const OPEN_COLUMNS = ['account_records.id', 'account_records.amount_fen', 'account_records.order_id', 'account_records.payment_type'] as const;
export type OpenRecord = { id: number; amount_fen: number; order_id: number | null; payment_type: number };

/** Orders with an open refund: all their open records go into one request, whatever month each moved in. */
const refundedOrders = (db: DB | Tx, vendorId: number) =>
  openBase(db, vendorId).where('account_records.payment_type', '=', PAYMENT_TYPE.orderRefund).where('account_records.order_id', 'is not', null).select('account_records.order_id');

/**
 * A month's open records: those that moved in it, and every other open record of a refunded order
 * among them (decision 291), so a cancelled order's charge and its refund are never invoiced apart.
 */
export function openRecordsMovedIn(db: DB | Tx, vendorId: number, start: string, end: string): Promise<OpenRecord[]> {
  const movedHere = sql<boolean>`${MOVED_AT} >= ${start} and ${MOVED_AT} < ${end}`;
  const ordersHere = openBase(db, vendorId).where(movedHere).where('account_records.order_id', 'is not', null).select('account_records.order_id');
  return openBase(db, vendorId)
    .select([...OPEN_COLUMNS])
    .where((eb) => eb.or([movedHere, eb.and([eb('account_records.order_id', 'in', ordersHere), eb('account_records.order_id', 'in', refundedOrders(db, vendorId))])]))
    .execute();
}

export function openRecordsOfOrders(db: DB | Tx, vendorId: number, orderIds: number[]): Promise<OpenRecord[]> {
  return openBase(db, vendorId).select([...OPEN_COLUMNS]).where('account_records.order_id', 'in', orderIds).execute();
}

/** The vendor's paid orders, only `ownerId`'s when given (a sub-account's data scope 本人). */
function paidOrdersOf(db: DB | Tx, vendorId: number, ownerId: number | null) {
  const q = db.selectFrom('orders').select(['id', 'order_no']).where('vendor_id', '=', vendorId).where('pay_time', 'is not', null);
  return ownerId === null ? q : q.where('created_by', '=', ownerId);
}

/** The vendor's paid orders with these numbers (id and number). */
export function paidOrdersByNo(db: DB | Tx, vendorId: number, orderNos: string[], ownerId: number | null = null) {
  return paidOrdersOf(db, vendorId, ownerId).where('order_no', 'in', orderNos).execute();
}

/** The vendor's paid orders among `orderIds` (id and number). */
export function paidOrders(db: DB | Tx, vendorId: number, orderIds: number[], ownerId: number | null = null) {
  return paidOrdersOf(db, vendorId, ownerId).where('id', 'in', orderIds).execute();
}

export async function insertRequest(tx: Tx, values: Insertable<InvoiceRequestsTable> & { vendor_id: number }, records: { id: number; amount_fen: number }[]) {
  const r = await tx.insertInto('invoice_requests').values(values).returning('id').executeTakeFirstOrThrow();
  for (let i = 0; i < records.length; i += 500) {
    await tx
      .insertInto('invoice_items')
      .values(records.slice(i, i + 500).map((rec) => ({ request_id: r.id, vendor_id: values.vendor_id, record_id: rec.id, amount_fen: Number(rec.amount_fen) })))
      .execute();
  }
  return r.id;
}

export function listRequests(db: DB, f: { vendorId: number | null; status?: number; pageNum: number; pageSize: number }) {
  let q = db.selectFrom('invoice_requests');
  if (f.vendorId !== null) q = q.where('vendor_id', '=', f.vendorId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  return Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize).execute(),
    q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst().then((r) => Number(r?.n ?? 0)),
  ]);
}

export function vendorNames(db: DB, ids: number[]) {
  return ids.length ? db.selectFrom('vendors').select(['id', 'company']).where('id', 'in', ids).execute() : Promise.resolve([]);
}

export function findRequest(db: DB | Tx, id: number) {
  return db.selectFrom('invoice_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Claim a requested invoice for a decision: false when it was decided already, or its amount moved (one conditional UPDATE). */
export async function decideRequest(
  tx: Tx,
  id: number,
  set: { status: number; pdf_path?: string; reject_reason?: string; decided_by: number; decided_at: string },
  /** Issue only for this amount: what the operator saw and the PDF is for. */
  amountFen?: number,
) {
  let q = tx.updateTable('invoice_requests').set(set).where('id', '=', id).where('status', '=', INVOICE_STATUS.requested);
  if (amountFen !== undefined) q = q.where('amount_fen', '=', amountFen);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A rejected request lets its records be invoiced again. */
export async function releaseItems(tx: Tx, requestId: number) {
  await tx.updateTable('invoice_items').set({ active: 0 }).where('request_id', '=', requestId).execute();
}
