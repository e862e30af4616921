import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { ORDER_LABELS } from '@portal/domain/enums';
import type { OrderListQuery, OrderProductRow, OrderRow } from '@portal/domain/orders';
import type { Database, DB, Tx } from '../../db/database';
import { NAMED } from '../../db/pg-prepared';
import { GRAMS_ORDER_ID, keywordMatch } from '../../db/search-grams';
import { fromShanghai, nowIso } from '../../lib/time';
import { soonUntil } from '../../lib/order-sla';
import { accountName, toOrderRow, toProductLine, type OrderRecord, type SurchargeRecord } from './order-row';
import { likePattern } from '../../lib/like';
import { orderSearchContainsPg } from '../../lib/keyword-index';

export type OrderQuery = SelectQueryBuilder<Database, 'orders', object>;


/** label text → the column condition it means (spec 02 §2.1 order label row). */
const LABEL_FILTER: Record<(typeof ORDER_LABELS)[number], (eb: ExpressionBuilder<Database, 'orders'>) => Expression<SqlBool>> = {
  加急: (eb) => eb('orders.urgent_flag', '=', 1),
  保内: (eb) => eb('orders.parole', '=', 1),
  保外: (eb) => eb('orders.parole', '=', 2),
  安装: (eb) => eb('orders.service_type', '=', 1),
  维修: (eb) => eb('orders.service_type', '=', 2),
  清洗: (eb) => eb('orders.service_type', '=', 3),
  '调制/检测/定位/教学': (eb) => eb('orders.service_type', '=', 4),
};

/** The vendor's orders (and only the caller's own under data scope "own"). */
export function vendorOrders(db: DB | Tx, vendorId: number, ownerId: number | null): OrderQuery {
  let q = db.selectFrom('orders').where('orders.vendor_id', '=', vendorId);
  if (ownerId !== null) q = q.where('orders.created_by', '=', ownerId);
  return q;
}

/** The labels and times a list query filters by (unknown labels and unreadable dates filter nothing). */
function filterValues(f: OrderListQuery) {
  return {
    labels: f.label.split(',').map((s) => s.trim()).filter((s): s is keyof typeof LABEL_FILTER => Object.hasOwn(LABEL_FILTER, s)),
    minC: fromShanghai(f.minCreateTime),
    maxC: fromShanghai(f.maxCreateTime, true),
    minD: fromShanghai(f.minCompletionTime),
    maxD: fromShanghai(f.maxCompletionTime, true),
  };
}

/**
 * The vendor's orders (the caller's own under data scope "own") counted from order_counts, per status
 * and node (decisions 101 and 107): a few dozen rows however many orders there are.
 */
export async function orderCounts(db: DB | Tx, vendorId: number, ownerId: number | null): Promise<Array<{ status: number; node: number; n: number }>> {
  // SQL rather than the builder: this runs on most list calls. Named on PostgreSQL (decision 189).
  const owner = ownerId === null ? sql`` : sql`and created_by = ${ownerId}`;
  const r = await sql<{ status: number; node: number; n: number }>`${NAMED}select status, node, sum(n) as n from order_counts where vendor_id = ${vendorId} ${owner} group by status, node`.execute(db);
  return r.rows.map((row) => ({ status: row.status, node: row.node, n: Number(row.n) }));
}

/** The vendor's orders (the owner's, when given) from order_counts: a one-row query of `n`, also a subquery of a page's statement (decision 215). */
export const ordersInScopeQuery = (db: DB | Tx, vendorId: number, ownerId: number | null) => {
  const q = db.selectFrom('order_counts').select(sql<number | string>`coalesce(sum(n), 0)`.as('n')).where('vendor_id', '=', vendorId);
  return ownerId === null ? q : q.where('created_by', '=', ownerId);
};

/** How many orders the vendor has (the owner's, when given), from order_counts. */
export async function ordersInScope(db: DB | Tx, vendorId: number, ownerId: number | null): Promise<number> {
  return Number((await ordersInScopeQuery(db, vendorId, ownerId).modifyFront(NAMED).executeTakeFirst())?.n ?? 0);
}

/** The same counts per status. */
export async function countsByStatus(db: DB | Tx, vendorId: number, ownerId: number | null): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const r of await orderCounts(db, vendorId, ownerId)) out.set(r.status, (out.get(r.status) ?? 0) + r.n);
  return out;
}

/** Whether the list filters by label or time: what order_counts cannot answer. */
function filtersBeyondCounts(f: OrderListQuery) {
  const { labels, minC, maxC, minD, maxD } = filterValues(f);
  return Boolean(labels.length || minC || maxC || minD || maxD || f.sla);
}

/** Whether the list filters by anything but the keyword (status, node, label or time). */
export const filtersBesidesKeyword = (f: OrderListQuery) => Boolean(f.status.length || f.node.length || filtersBeyondCounts(f));

/** Several statuses together with nodes is the pending shortcut: status in (…) OR node in (…); otherwise both apply. */
const eitherStatusOrNode = (f: OrderListQuery) => f.status.length > 1 && f.node.length > 0;

/**
 * The list's total from order_counts when it filters by statuses and nodes only, as a subquery the
 * page's statement answers too (decision 190); undefined otherwise.
 */
export function countedTotalQuery(db: DB, vendorId: number, ownerId: number | null, f: OrderListQuery): TotalQuery | undefined {
  if (f.keyWords || filtersBeyondCounts(f)) return undefined;
  let q = db.selectFrom('order_counts').select(sql<number>`coalesce(sum(n), 0)`.as('total')).where('vendor_id', '=', vendorId);
  if (ownerId !== null) q = q.where('created_by', '=', ownerId);
  if (eitherStatusOrNode(f)) return q.where((eb) => eb.or([eb('status', 'in', f.status), eb('node', 'in', f.node)]));
  if (f.status.length) q = q.where('status', 'in', f.status);
  if (f.node.length) q = q.where('node', 'in', f.node);
  return q;
}

/** A statement of one row whose `total` is a count: of order_counts' rows, or of the orders a filter finds. */
export type TotalQuery = SelectQueryBuilder<Database, 'order_counts' | 'orders', { total: number }>;

/**
 * How a keyword is matched (decision 108): `like` reads the vendor's order_search rows (PostgreSQL's
 * ilike always; SQLite for a scope of few orders); `grams` looks the matches up in SQLite's bigram
 * index (decision 103); `grams-walk` reads the orders in list order and tests each against those
 * matches, instead of looking them up one by one (worth it when they are many; see listOrders).
 */
export type KeywordMatching = 'like' | 'grams' | 'grams-walk';

/**
 * order_search.body (alias s) of vendor `vendorId` contains the keyword: LIKE on SQLite (ASCII letters
 * in any case); on PostgreSQL ilike, narrowed first by the GIN index of the vendor's character keys
 * (decision 131), which holds every text ilike finds the keyword in.
 */
export const bodyContains = (keyword: string, pg: boolean, vendorId: number) =>
  pg
    ? orderSearchContainsPg(vendorId, keyword)
    : sql<boolean>`s.body like ${likePattern(keyword)} escape '\\'`;

/** The list filters of GET /api/app/order/list (also the export's), over `vendorId`'s orders. */
export function applyOrderFilters(q: OrderQuery, f: OrderListQuery, pg: boolean, vendorId: number, matching: KeywordMatching = pg ? 'like' : 'grams'): OrderQuery {
  if (f.keyWords) {
    // Order number, phone, customer name, remarks or a line's model or category contain the keyword:
    // the vendor's short rows in order_search (decision 102), or the postings of the keyword's
    // bigrams in that vendor (decision 103).
    if (pg || matching === 'like') {
      q = q.where('orders.id', 'in', (eb) => eb.selectFrom('order_search as s').select('s.order_id').where('s.vendor_id', '=', vendorId).where(bodyContains(f.keyWords, pg, vendorId)));
    } else {
      // A unary + keeps SQLite from driving the query by the matches' ids.
      const id = matching === 'grams-walk' ? sql`+orders.id` : sql`orders.id`;
      q = q.where(sql<boolean>`${id} in (select ${sql.raw(GRAMS_ORDER_ID)} from order_grams where order_grams match ${keywordMatch(vendorId, f.keyWords)})`);
    }
  }
  const { labels, minC, maxC, minD, maxD } = filterValues(f);
  for (const l of labels) q = q.where((eb) => LABEL_FILTER[l](eb));
  if (eitherStatusOrNode(f)) {
    q = q.where((eb) => eb.or([eb('orders.status', 'in', f.status), eb('orders.node', 'in', f.node)]));
  } else {
    if (f.status.length) q = q.where('orders.status', 'in', f.status);
    if (f.node.length) q = q.where('orders.node', 'in', f.node);
  }
  if (minC) q = q.where('orders.created_at', '>=', minC);
  if (maxC) q = q.where('orders.created_at', '<=', maxC);
  if (minD) q = q.where('orders.completion_time', '>=', minD);
  if (maxD) q = q.where('orders.completion_time', '<=', maxD);
  // Timeliness (issue 19, decision 176): a range of the stored due times, on the (vendor_id, sla_due_at) index.
  if (f.sla) {
    const now = nowIso();
    if (f.sla === 'overdue') q = q.where('orders.sla_due_at', '<', now);
    else q = q.where('orders.sla_due_at', '>=', now).where('orders.sla_due_at', '<', soonUntil());
  }
  return q;
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
  const [lines, names] = await Promise.all([linesOf(db, orders.map((o) => o.id)), creatorNames(db, orders.map((o) => o.created_by))]);
  return orders.map((o) => toOrderRow(o, lines.get(o.id) ?? [], names.get(o.created_by) ?? ''));
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

/**
 * One batch of the export, newest first: the checked orders (`listOrderId`) or the list's filtered
 * ones, after the keyset `cursor`. A row-value comparison walks the (vendor_id, created_at, id) index
 * from the cursor on both dialects; the equivalent OR form made SQLite re-sort the vendor's rows for
 * every batch.
 */
export function exportBatch(db: DB, vendorId: number, ownerId: number | null, f: OrderListQuery & { listOrderId: number[] }, pg: boolean, cursor: { created_at: string; id: number } | null, batchSize: number): Promise<OrderRecord[]> {
  let q = f.listOrderId.length ? vendorOrders(db, vendorId, ownerId).where('orders.id', 'in', f.listOrderId) : applyOrderFilters(vendorOrders(db, vendorId, ownerId), f, pg, vendorId);
  if (cursor) {
    const c = cursor;
    q = q.where(sql<boolean>`(orders.created_at, orders.id) < (${c.created_at}, ${c.id})`);
  }
  return q.selectAll('orders').orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(batchSize).execute();
}

/** The product lines of the export's orders, as its product column names them. */
export const exportLines = (db: DB, orderIds: number[]) =>
  db.selectFrom('order_products').select(['order_id', 'model_name', 'category_name', 'number']).where('order_id', 'in', orderIds).orderBy('id').execute();

// ---- address recognition (address-resolution.ts)

/** Every region row (the address recognition caches them). */
export const listAllRegions = (db: DB) => db.selectFrom('regions').selectAll().execute();
