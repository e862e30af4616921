import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom as pgJsonArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArray } from 'kysely/helpers/sqlite';
import { ORDER_LABELS } from '@portal/domain/enums';
import type { OrderListQuery } from '@portal/domain/orders';
import type { Database, DB } from '../../db/database';
import { keywordMatch } from '../../db/search-grams';
import { orderIdsContaining } from '../../lib/keyword-index';
import { fromShanghai, nowIso, untilShanghai } from '../../lib/time';
import { satisfactionIs } from '../../lib/satisfaction-filter';
import { extraFeePending, extraFeePendingFlag } from '../../lib/extra-fee-filter.repository';
import { openFollowUpFlag } from './follow-up-orders.repository';
import { LIST_COLUMNS, LIST_LINE_COLUMNS, type OrderListLineRecord, type OrderListRecord, type OrderRecord } from './order-row';
import { vendorOrders, type OrderQuery } from './orders.repository';

// The order list's SQL (decision 230): the filters build one query; the page is one statement (the
// orders, their creators' names and their lines), the total one more. The database's planner chooses.

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

const labelsOf = (f: OrderListQuery) => f.label.split(',').map((s) => s.trim()).filter((s): s is keyof typeof LABEL_FILTER => Object.hasOwn(LABEL_FILTER, s));

/** Several statuses together with nodes is the pending shortcut: status in (…) OR node in (…); otherwise both apply. */
const eitherStatusOrNode = (f: OrderListQuery) => f.status.length > 1 && f.node.length > 0;

/** A list query, with the end of the 即将超时 window when it filters by it (the service reads the targets). */
export type OrderListFilter = OrderListQuery & { soonUntil?: string };

/**
 * The list filters of GET /api/app/order/list (also the export's) over a query of `vendorId`'s orders.
 * A keyword is looked up in the vendor's order search index (number, phone, customer name, remarks,
 * source number, lines' models and categories; decision 232).
 */
export function applyOrderFilters(q: OrderQuery, f: OrderListFilter, pg: boolean, vendorId: number): OrderQuery {
  if (f.keyWords) q = q.where(sql<boolean>`orders.id in (${orderIdsContaining(vendorId, f.keyWords, pg)})`);
  for (const l of labelsOf(f)) q = q.where((eb) => LABEL_FILTER[l](eb));
  if (eitherStatusOrNode(f)) {
    q = q.where((eb) => eb.or([eb('orders.status', 'in', f.status), eb('orders.node', 'in', f.node)]));
  } else {
    if (f.status.length) q = q.where('orders.status', 'in', f.status);
    if (f.node.length) q = q.where('orders.node', 'in', f.node);
  }
  const minC = fromShanghai(f.minCreateTime);
  const maxC = untilShanghai(f.maxCreateTime);
  const minD = fromShanghai(f.minCompletionTime);
  const maxD = untilShanghai(f.maxCompletionTime);
  if (minC) q = q.where('orders.created_at', '>=', minC);
  if (maxC) q = q.where('orders.created_at', '<', maxC);
  if (minD) q = q.where('orders.completion_time', '>=', minD);
  if (maxD) q = q.where('orders.completion_time', '<', maxD);
  // Timeliness (issue 19, decision 176): a range of the stored due times.
  if (f.sla === 'overdue') q = q.where('orders.sla_due_at', '<', nowIso());
  else if (f.sla === 'soon') q = q.where('orders.sla_due_at', '>=', nowIso()).where('orders.sla_due_at', '<', f.soonUntil ?? nowIso());
  if (f.satisfaction) q = q.where(satisfactionIs(f.satisfaction));
  if (f.extraFee) q = q.where(extraFeePending(vendorId));
  if (f.appointment === 'failed') q = q.where('orders.appoint_fail_reason', 'is not', null).where('orders.status', '=', 300);
  return q;
}

/**
 * The vendor's orders (the owner's under data scope "own") the list reads, filtered. A keyword on SQLite
 * drives the read from its FTS5 index, whose rowid is the list key (created_at seconds · 2^32 + id,
 * decision 232), so the matches come newest first and a page stops at its last row; on PostgreSQL the
 * keyword is a condition like any other and the planner places it.
 */
function listed(db: DB, vendorId: number, ownerId: number | null, f: OrderListFilter, pg: boolean): OrderQuery {
  if (!f.keyWords || pg) return applyOrderFilters(vendorOrders(db, vendorId, ownerId), f, pg, vendorId);
  let q = db.selectFrom(sql<{ rowid: number }>`order_grams`.as('g'))
    .innerJoin('orders', (j) => j.on(sql<boolean>`orders.id = (g.rowid & 4294967295)`))
    .where(sql<boolean>`order_grams match ${keywordMatch(vendorId, f.keyWords)}`)
    .where('orders.vendor_id', '=', vendorId) as unknown as OrderQuery;
  if (ownerId !== null) q = q.where('orders.created_by', '=', ownerId);
  return applyOrderFilters(q, { ...f, keyWords: '' }, pg, vendorId);
}

/** The list's order: newest first (on SQLite with a keyword, the index's list key). */
const newestFirst = (q: OrderQuery, f: OrderListFilter, pg: boolean) =>
  f.keyWords && !pg ? q.orderBy(sql`g.rowid`, 'desc') : q.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc');

/** A page row: the order's list columns, its creator's name and its lines (JSON text on SQLite, parsed on PostgreSQL). */
export type OrderPageRow = OrderListRecord & { creator_name: string | null; lines: OrderListLineRecord[] | string; extra_fee_pending: number; follow_up: number };

/** The page of the vendor's orders (the owner's under data scope "own") that the filters find, newest first. */
export function listOrderPage(db: DB, vendorId: number, ownerId: number | null, f: OrderListFilter, pg: boolean): Promise<OrderPageRow[]> {
  const jsonArray = pg ? pgJsonArray : sqliteJsonArray;
  const page = listed(db, vendorId, ownerId, f, pg)
    .select(LIST_COLUMNS.map((c) => `orders.${c}` as const))
    .select((eb) => [
      eb.selectFrom('users as u').whereRef('u.id', '=', 'orders.created_by')
        .select(sql<string>`coalesce(nullif(u.name, ''), nullif(u.account, ''), nullif(u.phone, ''), '')`.as('n')).as('creator_name'),
      jsonArray(eb.selectFrom('order_products as p').whereRef('p.order_id', '=', 'orders.id').select(LIST_LINE_COLUMNS.map((c) => `p.${c}` as const)).orderBy('p.id')).as('lines'),
      extraFeePendingFlag.as('extra_fee_pending'),
      openFollowUpFlag.as('follow_up'),
    ]);
  return newestFirst(page, f, pg)
    .limit(f.pageSize)
    .offset((f.pageNum - 1) * f.pageSize)
    .execute() as Promise<OrderPageRow[]>;
}

/**
 * How many of the vendor's orders the filters find, counted up to `upTo` (null: all). A keyword alone is
 * counted in its index alone, on both engines: its rows carry the vendor and are written with their
 * order (decision 232), so no order row needs reading.
 */
export async function countOrders(db: DB, vendorId: number, ownerId: number | null, f: OrderListFilter, pg: boolean, upTo: number | null): Promise<number> {
  if (f.keyWords && ownerId === null && upTo !== null && keywordAlone(f)) {
    const r = await sql<{ n: number }>`select count(*) as n from (${orderIdsContaining(vendorId, f.keyWords, pg)} limit ${upTo}) m`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  }
  const found = listed(db, vendorId, ownerId, f, pg);
  const counted = upTo === null
    ? found.select((eb) => eb.fn.countAll<number>().as('n'))
    : db.selectFrom(found.select('orders.id').limit(upTo).as('m')).select((eb) => eb.fn.countAll<number>().as('n'));
  return Number((await counted.executeTakeFirstOrThrow()).n);
}

/** Whether the list filters by nothing but statuses and nodes (and perhaps the keyword). */
const byStateOnly = (f: OrderListQuery) => !labelsOf(f).length && !f.minCreateTime && !f.maxCreateTime && !f.minCompletionTime && !f.maxCompletionTime && !f.sla && !f.satisfaction && !f.extraFee && !f.appointment;
const keywordAlone = (f: OrderListQuery) => byStateOnly(f) && !f.status.length && !f.node.length;

/**
 * The total from order_counts (decision 101, kept by triggers) when the list filters by statuses and
 * nodes only; undefined otherwise (the caller counts the orders).
 */
export async function countFromOrderCounts(db: DB, vendorId: number, ownerId: number | null, f: OrderListQuery): Promise<number | undefined> {
  if (f.keyWords || !byStateOnly(f)) return undefined;
  let q = db.selectFrom('order_counts').select(sql<number>`coalesce(sum(n), 0)`.as('n')).where('vendor_id', '=', vendorId);
  if (ownerId !== null) q = q.where('created_by', '=', ownerId);
  if (eitherStatusOrNode(f)) q = q.where((eb) => eb.or([eb('status', 'in', f.status), eb('node', 'in', f.node)]));
  else {
    if (f.status.length) q = q.where('status', 'in', f.status);
    if (f.node.length) q = q.where('node', 'in', f.node);
  }
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/**
 * One batch of the export, newest first: the checked orders (`listOrderId`) or the list's filtered
 * ones, after the keyset `cursor`. A row-value comparison walks the (vendor_id, created_at, id) index
 * from the cursor on both dialects; the equivalent OR form made SQLite re-sort the vendor's rows for
 * every batch.
 */
export function exportBatch(db: DB, vendorId: number, ownerId: number | null, f: OrderListFilter & { listOrderId: number[] }, pg: boolean, cursor: { created_at: string; id: number } | null, batchSize: number): Promise<OrderRecord[]> {
  let q = f.listOrderId.length ? vendorOrders(db, vendorId, ownerId).where('orders.id', 'in', f.listOrderId) : applyOrderFilters(vendorOrders(db, vendorId, ownerId), f, pg, vendorId);
  if (cursor) {
    const c = cursor;
    q = q.where(sql<boolean>`(orders.created_at, orders.id) < (${c.created_at}, ${c.id})`);
  }
  return q.selectAll('orders').orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(batchSize).execute();
}
