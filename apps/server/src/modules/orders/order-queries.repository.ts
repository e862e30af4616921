import type { DB } from '../../db/database';
import { vendorOrders } from './orders.repository';

// The reads of the order detail, the home tiles and the screens' helpers (order-queries.service.ts),
// and of an order's records (order-records.service.ts).

/** The order's operation log, newest first. */
export const listOrderLog = (db: DB, orderId: number) => db.selectFrom('order_operate_records').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').execute();

/** The order's logistics rows, in their order. */
export const listOrderLogistics = (db: DB, orderId: number) => db.selectFrom('order_logistics').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

/** The master's name and phone. */
export const findMasterContact = (db: DB, masterId: number) => db.selectFrom('masters').select(['name', 'phone']).where('id', '=', masterId).executeTakeFirst();

/** The platform's service hotline setting. */
export const findServiceHotline = (db: DB) => db.selectFrom('configs').select('value').where('key', '=', 'service_hotline').executeTakeFirst();

/** How many of the vendor's orders (the owner's under data scope "own") are in these statuses or nodes. */
export async function countInStatusesOrNodes(db: DB, vendorId: number, ownerId: number | null, statuses: number[], nodes: number[]): Promise<number> {
  const r = await vendorOrders(db, vendorId, ownerId)
    .where((eb) => eb.or([eb('orders.status', 'in', statuses), eb('orders.node', 'in', nodes)]))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Every order ever published on the platform, from order_counts. */
export async function sumAllOrderCounts(db: DB): Promise<number> {
  const r = await db.selectFrom('order_counts').select((eb) => eb.fn.sum<number>('n').as('n')).executeTakeFirstOrThrow();
  return Number(r.n ?? 0);
}

/**
 * The vendor's (owner's) products ordered since `since`, one row per product and service type (the
 * home's tiles, issue 48 item 7): how often that pair was ordered, and the warranty type, repair type
 * and quantity of its latest line. Most used first, then most recent.
 */
export function listFrequentCombinations(db: DB, vendorId: number, ownerId: number | null, since: string, limit: number) {
  let lines = db
    .selectFrom('order_products as op')
    .innerJoin('orders as o', 'o.id', 'op.order_id')
    .innerJoin('products as pr', 'pr.id', 'op.product_id')
    .where('o.vendor_id', '=', vendorId)
    .where('o.created_at', '>=', since)
    .where('pr.deleted_at', 'is', null)
    .where('pr.check_status', '=', 1);
  if (ownerId !== null) lines = lines.where('o.created_by', '=', ownerId);
  const ranked = lines
    .select(['op.product_id', 'o.service_type', 'o.parole', 'op.maintenance_type', 'op.number', 'pr.category_name', 'pr.model_name', 'pr.picture', 'o.created_at as last_at'])
    .select((eb) => [
      eb.fn.countAll<number>().over((w) => w.partitionBy(['op.product_id', 'o.service_type'])).as('uses'),
      eb.fn.agg<number>('row_number').over((w) => w.partitionBy(['op.product_id', 'o.service_type']).orderBy('o.created_at', 'desc').orderBy('op.id', 'desc')).as('latest'),
    ]);
  return db
    .selectFrom(ranked.as('r'))
    .select(['product_id', 'service_type', 'parole', 'maintenance_type', 'number', 'category_name', 'model_name', 'picture', 'uses', 'last_at'])
    .where('latest', '=', 1)
    .orderBy('uses', 'desc')
    .orderBy('last_at', 'desc')
    .orderBy('product_id', 'desc')
    .limit(limit)
    .execute();
}

/** The product of the vendor's (owner's) latest order line. */
export const findLastOrderedProductId = (db: DB, vendorId: number, ownerId: number | null) =>
  vendorOrders(db, vendorId, ownerId)
    .innerJoin('order_products as op', 'op.order_id', 'orders.id')
    .select('op.product_id')
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** A live product of the vendor. */
export const findLiveProduct = (db: DB, productId: number, vendorId: number) =>
  db.selectFrom('products').selectAll().where('id', '=', productId).where('vendor_id', '=', vendorId).where('deleted_at', 'is', null).executeTakeFirst();

/** The order's lines as the copy text names them. */
export const listCopyLines = (db: DB, orderId: number) =>
  db.selectFrom('order_products').select(['model_name', 'category_name', 'number', 'maintenance_type']).where('order_id', '=', orderId).orderBy('id').execute();

/** Up to 10 of the vendor's (owner's) orders of this phone created since `since` and not cancelled, or in after-sales; newest first. */
export const listRecentOrdersOfPhone = (db: DB, vendorId: number, ownerId: number | null, phone: string, since: string, cancelled: number, afterSale: number) =>
  db
    .selectFrom('orders')
    .select(['id', 'order_no', 'status', 'created_at'])
    .where('vendor_id', '=', vendorId)
    .$if(ownerId !== null, (q) => q.where('created_by', '=', ownerId!))
    .where('phone', '=', phone)
    .where((eb) => eb.or([eb.and([eb('created_at', '>=', since), eb('status', '!=', cancelled)]), eb('status', '=', afterSale)]))
    .orderBy('created_at', 'desc')
    .limit(10)
    .execute();

/** The order's shipped parts submissions (status ≥ 1), in their order. */
export const listShippedSubmissions = (db: DB, orderId: number) =>
  db.selectFrom('material_submissions').selectAll().where('order_id', '=', orderId).where('status', '>=', 1).orderBy('id').execute();

/** The vendor's contact person and name. */
export const findVendorContacts = (db: DB, vendorId: number) => db.selectFrom('vendors').select(['contacts', 'name']).where('id', '=', vendorId).executeTakeFirstOrThrow();

/** The vendor's main account's phone and name. */
export const findMainUserContact = (db: DB, vendorId: number) => db.selectFrom('users').select(['phone', 'name']).where('vendor_id', '=', vendorId).where('is_sub', '=', 0).executeTakeFirst();

/** The order's surcharges with their line's model, in their order. */
export const listOrderSurcharges = (db: DB, orderId: number) =>
  db
    .selectFrom('order_surcharges as s')
    .innerJoin('order_products as op', 'op.id', 's.order_product_id')
    .select(['s.id', 's.pz_id', 's.name', 's.price_fen', 's.num', 's.order_product_id', 'op.model_name'])
    .where('s.order_id', '=', orderId)
    .orderBy('s.id')
    .execute();

// ---- an order's records (order-records.service.ts)

/** The order's parts submissions of the vendor, newest first. */
export const listSubmissions = (db: DB, vendorId: number, orderId: number) =>
  db.selectFrom('material_submissions').selectAll().where('order_id', '=', orderId).where('vendor_id', '=', vendorId).orderBy('id', 'desc').execute();

export const findSubmission = (db: DB, id: number, vendorId: number) => db.selectFrom('material_submissions').selectAll().where('id', '=', id).where('vendor_id', '=', vendorId).executeTakeFirst();

/** The vendor's return address: the default one, else the first in its order. */
export const findReturnAddress = (db: DB, vendorId: number) =>
  db.selectFrom('vendor_addresses').selectAll().where('vendor_id', '=', vendorId).orderBy('default_flag', 'desc').orderBy('sort').limit(1).executeTakeFirst();

/** The order's latest returned-item record. */
export const findLastReturn = (db: DB, vendorId: number, orderId: number) =>
  db.selectFrom('return_records').selectAll().where('order_id', '=', orderId).where('vendor_id', '=', vendorId).orderBy('id', 'desc').limit(1).executeTakeFirst();

export const findReturnRecord = (db: DB, id: number, vendorId: number) => db.selectFrom('return_records').selectAll().where('id', '=', id).where('vendor_id', '=', vendorId).executeTakeFirst();

/** The order's latest positive-review record. */
export const findLastPraise = (db: DB, vendorId: number, orderId: number) =>
  db.selectFrom('praise_records').selectAll().where('order_id', '=', orderId).where('vendor_id', '=', vendorId).orderBy('id', 'desc').limit(1).executeTakeFirst();

export const findPraiseRecord = (db: DB, id: number, vendorId: number) => db.selectFrom('praise_records').selectAll().where('id', '=', id).where('vendor_id', '=', vendorId).executeTakeFirst();

/** The order's completion pictures, in their order. */
export const listCompletionPics = (db: DB, vendorId: number, orderId: number) =>
  db.selectFrom('completion_pics').selectAll().where('order_id', '=', orderId).where('vendor_id', '=', vendorId).orderBy('id').execute();

/** The order's latest log line at `node` (the install materials' submission). */
export const findLatestLogAt = (db: DB, orderId: number, node: number) =>
  db.selectFrom('order_operate_records').selectAll().where('order_id', '=', orderId).where('node', '=', node).orderBy('id', 'desc').limit(1).executeTakeFirst();
