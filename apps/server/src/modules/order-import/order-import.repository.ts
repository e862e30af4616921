import { ORDER_STATUS } from '@portal/domain/enums';
import type { DB, Tx } from '../../db/database';
import type { ProductRecord } from '../../lib/product-row';

/** Passed, live products of the vendor whose model name is one of `models` (the order form's own filter). */
export async function productsByModel(db: DB, vendorId: number, models: string[]): Promise<Map<string, ProductRecord[]>> {
  const out = new Map<string, ProductRecord[]>();
  const unique = [...new Set(models)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('products')
      .selectAll()
      .where('vendor_id', '=', vendorId)
      .where('model_name', 'in', unique.slice(i, i + 500))
      .where('check_status', '=', 1)
      .where('deleted_at', 'is', null)
      .execute();
    for (const r of rows) out.set(r.model_name, [...(out.get(r.model_name) ?? []), r]);
  }
  return out;
}

/** Model names of the vendor's orderable products, for the template's drop-down. */
export async function orderableModels(db: DB, vendorId: number, limit = 5000): Promise<string[]> {
  const rows = await db
    .selectFrom('products')
    .select('model_name')
    .distinct()
    .where('vendor_id', '=', vendorId)
    .where('check_status', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('model_name')
    .limit(limit)
    .execute();
  return rows.map((r) => r.model_name);
}

/** Totals (fen) and statuses of orders just created, by id. */
export async function orderTotals(db: DB, vendorId: number, ids: number[]): Promise<Map<number, { totalFen: number; status: number }>> {
  const out = new Map<number, { totalFen: number; status: number }>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('orders').select(['id', 'total_fen', 'status']).where('vendor_id', '=', vendorId).where('id', 'in', ids.slice(i, i + 500)).execute();
    for (const r of rows) out.set(r.id, { totalFen: Number(r.total_fen), status: r.status });
  }
  return out;
}

/** The vendor's first orderable product by model name: the template's example row names it. */
export const firstOrderableProduct = (db: DB, vendorId: number) =>
  db
    .selectFrom('products')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('check_status', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('model_name')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

/** The vendor's live orders (of `createdBy` alone when given) placed since `since` for these phones, with their address and product ids. */
export async function liveOrdersOfPhones(db: DB, vendorId: number, createdBy: number | null, phones: string[], since: string) {
  const unique = [...new Set(phones)];
  const orders: Array<{ id: number; order_no: string; phone: string; district_id: string; detail_address: string; productIds: number[] }> = [];
  for (let i = 0; i < unique.length; i += 500) {
    let q = db
      .selectFrom('orders')
      .select(['id', 'order_no', 'phone', 'district_id', 'detail_address'])
      .where('vendor_id', '=', vendorId)
      .where('phone', 'in', unique.slice(i, i + 500))
      .where('status', '<>', ORDER_STATUS.cancelled)
      .where('created_at', '>=', since)
      .orderBy('id', 'desc');
    if (createdBy !== null) q = q.where('created_by', '=', createdBy);
    const rows = await q.execute();
    orders.push(...rows.map((r) => ({ ...r, productIds: [] as number[] })));
  }
  const byId = new Map(orders.map((o) => [o.id, o]));
  const ids = [...byId.keys()];
  for (let i = 0; i < ids.length; i += 500) {
    const lines = await db.selectFrom('order_products').select(['order_id', 'product_id']).where('order_id', 'in', ids.slice(i, i + 500)).execute();
    for (const l of lines) byId.get(l.order_id)!.productIds.push(l.product_id);
  }
  return orders;
}

/** Orders an earlier run of this import (its Idempotency-Key) created: the sheet rows '2,3' → the order (decision 299). */
export async function importedOrders(db: DB, vendorId: number, importKey: string): Promise<Map<string, { orderId: number; orderNo: string }>> {
  const rows = await db
    .selectFrom('order_import_marks as m')
    .innerJoin('orders as o', 'o.id', 'm.order_id')
    .select(['m.source_rows', 'o.id', 'o.order_no'])
    .where('m.vendor_id', '=', vendorId)
    .where('m.import_key', '=', importKey)
    .execute();
  return new Map(rows.map((r) => [r.source_rows, { orderId: r.id, orderNo: r.order_no }]));
}

/**
 * Records in the order's transaction that this import's rows made it. False when a run of the same
 * import already did (the caller rolls the order back): the primary key is the atomic step.
 */
export async function markImported(tx: Tx, vendorId: number, importKey: string, sourceRows: string, orderId: number, now: string): Promise<boolean> {
  const r = await tx
    .insertInto('order_import_marks')
    .values({ vendor_id: vendorId, import_key: importKey, source_rows: sourceRows, order_id: orderId, created_at: now })
    .onConflict((c) => c.columns(['vendor_id', 'import_key', 'source_rows']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Gives a vendor's import lease back (only while it is still this holder's). */
export async function releaseImportLease(db: DB, name: string, holder: string) {
  await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
}
