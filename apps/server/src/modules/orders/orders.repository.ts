import type { SelectQueryBuilder } from 'kysely';
import type { OrderProductRow, OrderRow } from '@portal/domain/orders';
import type { Database, DB, Tx } from '../../db/database';
import { openFollowUpOrderIds } from './follow-up-orders.repository';
import { accountName, toOrderRow, toProductLine, type OrderRecord, type SurchargeRecord } from './order-row';

export type OrderQuery = SelectQueryBuilder<Database, 'orders', object>;

/** The vendor's orders (and only the caller's own under data scope "own"). */
export function vendorOrders(db: DB | Tx, vendorId: number, ownerId: number | null): OrderQuery {
  let q = db.selectFrom('orders').where('orders.vendor_id', '=', vendorId);
  if (ownerId !== null) q = q.where('orders.created_by', '=', ownerId);
  return q;
}

/** The vendor's orders (the caller's own under data scope "own") counted per status, from order_counts (decision 101). */
export async function countsByStatus(db: DB | Tx, vendorId: number, ownerId: number | null): Promise<Map<number, number>> {
  let q = db.selectFrom('order_counts').select(['status', (eb) => eb.fn.sum<number>('n').as('n')]).where('vendor_id', '=', vendorId).groupBy('status');
  if (ownerId !== null) q = q.where('created_by', '=', ownerId);
  return new Map((await q.execute()).map((r) => [r.status, Number(r.n)]));
}

/** Product lines (with surcharges) of the given orders, grouped by order id. */
export async function linesOf(db: DB | Tx, orderIds: number[]): Promise<Map<number, OrderProductRow[]>> {
  const out = new Map<number, OrderProductRow[]>();
  if (!orderIds.length) return out;
  // Ordered as the order_id indexes hold them, so neither query sorts.
  const [lines, surcharges] = await Promise.all([
    db.selectFrom('order_products').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('id').execute(),
    db.selectFrom('order_surcharges').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('id').execute(),
  ]);
  const surchargesOf = new Map<number, SurchargeRecord[]>();
  for (const s of surcharges) {
    const list = surchargesOf.get(s.order_product_id);
    if (list) list.push(s);
    else surchargesOf.set(s.order_product_id, [s]);
  }
  for (const l of lines) {
    const row = toProductLine(l, surchargesOf.get(l.id) ?? []);
    const list = out.get(l.order_id);
    if (list) list.push(row);
    else out.set(l.order_id, [row]);
  }
  return out;
}

export async function creatorNames(db: DB | Tx, userIds: number[]): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name', 'account', 'phone']).where('id', 'in', [...new Set(userIds)]).execute();
  return new Map(rows.map((u) => [u.id, accountName(u)]));
}

/** Full answer rows for order records, in the same order. */
export async function toRows(db: DB | Tx, orders: OrderRecord[]): Promise<OrderRow[]> {
  const ids = orders.map((o) => o.id);
  const [lines, names, followUps] = await Promise.all([linesOf(db, ids), creatorNames(db, orders.map((o) => o.created_by)), openFollowUpOrderIds(db, ids)]);
  return orders.map((o) => toOrderRow(o, lines.get(o.id) ?? [], names.get(o.created_by) ?? '', followUps.has(o.id)));
}

/** One order of the vendor (respecting data scope); undefined when missing or someone else's. */
export const findOrder = (db: DB | Tx, vendorId: number, ownerId: number | null, id: number) =>
  vendorOrders(db, vendorId, ownerId).selectAll('orders').where('orders.id', '=', id).executeTakeFirst();

// ---- reference data of the order form (were queries in orders.routes.ts)

/** Logistics companies for the parts-shipping form, in their set order. */
export const listLogisticsCompanies = (db: DB) => db.selectFrom('logistics_companies').select(['id', 'name']).orderBy('sort').orderBy('id').execute();

/** Surcharge items (optionally of one service type), money in fen. */
export function listSurchargeItems(db: DB, serviceType: number | null) {
  let q = db.selectFrom('surcharge_items').select(['id', 'service_type', 'name', 'price_fen', 'unit']).orderBy('service_type').orderBy('sort').orderBy('id');
  if (serviceType !== null) q = q.where('service_type', '=', serviceType);
  return q.execute();
}

/** Whether a dealer outlet serves the district. */
export const dealerOutletIn = async (db: DB, districtId: string) =>
  Boolean(await db.selectFrom('dealer_outlets').select('id').where('district_id', '=', districtId).limit(1).executeTakeFirst());

/** The vendor's outlet discount tiers, smallest threshold first (money in fen). */
export const listOutletDiscounts = (db: DB, vendorId: number) =>
  db.selectFrom('outlet_discounts').selectAll().where('vendor_id', '=', vendorId).orderBy('full_reduce_amount_fen').execute();

// ---- the export (orders-export.ts)

/** The product lines of the export's orders, as its product column names them. */
export const exportLines = (db: DB, orderIds: number[]) =>
  db.selectFrom('order_products').select(['order_id', 'model_name', 'category_name', 'number']).where('order_id', 'in', orderIds).orderBy('id').execute();

/** The customers' ratings of the export's orders (issue 47). */
export const exportRatings = (db: DB, orderIds: number[]) =>
  db.selectFrom('order_ratings').select(['order_id', 'score', 'tags', 'comment']).where('order_id', 'in', orderIds).execute();

// ---- address recognition (address-resolution.ts)

/** Every region row (the address recognition caches them). */
export const listAllRegions = (db: DB) => db.selectFrom('regions').selectAll().execute();
