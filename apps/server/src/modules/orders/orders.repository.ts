import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { ORDER_LABELS } from '@portal/domain/enums';
import type { OrderListQuery, OrderProductRow, OrderRow } from '@portal/domain/orders';
import type { Database, DB, Tx } from '../../db/database';
import { keywordMatch } from '../../db/search-grams';
import { fromShanghai } from '../../lib/time';
import { cardsOf } from './order-list-cards';
import { accountName, toOrderRow, toProductLine, type OrderRecord, type SurchargeRecord } from './order-row';

type OrderQuery = SelectQueryBuilder<Database, 'orders', object>;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
    labels: f.label.split(',').map((s) => s.trim()).filter((s): s is keyof typeof LABEL_FILTER => s in LABEL_FILTER),
    minC: fromShanghai(f.minCreateTime),
    maxC: fromShanghai(f.maxCreateTime, true),
    minD: fromShanghai(f.minCompletionTime),
    maxD: fromShanghai(f.maxCompletionTime, true),
  };
}

/**
 * The vendor's orders (the caller's own under data scope "own") counted from order_counts, per status
 * (decision 101): a handful of rows however many orders there are.
 */
export async function countsByStatus(db: DB | Tx, vendorId: number, ownerId: number | null): Promise<Map<number, number>> {
  let q = db.selectFrom('order_counts').select(['status', (eb) => eb.fn.sum<number>('n').as('n')]).where('vendor_id', '=', vendorId);
  if (ownerId !== null) q = q.where('created_by', '=', ownerId);
  const rows = await q.groupBy('status').execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** Whether the list filters by node, label or time (the filters order_counts cannot answer). */
function filtersBeyondStatus(f: OrderListQuery) {
  const { labels, minC, maxC, minD, maxD } = filterValues(f);
  return Boolean(f.node.length || labels.length || minC || maxC || minD || maxD);
}

/** The list's total from order_counts when it filters by nothing but statuses; undefined otherwise. */
async function countedTotal(db: DB, vendorId: number, ownerId: number | null, f: OrderListQuery): Promise<number | undefined> {
  if (f.keyWords || filtersBeyondStatus(f)) return undefined;
  const counts = await countsByStatus(db, vendorId, ownerId);
  const statuses = f.status.length ? f.status : [...counts.keys()];
  return statuses.reduce((sum, s) => sum + (counts.get(s) ?? 0), 0);
}

/**
 * The list filters of GET /api/app/order/list (also the export's), over `vendorId`'s orders.
 * `walk`: on SQLite, read the orders in list order and test each against the keyword's matches,
 * instead of looking the matches up one by one (worth it when they are many; see listOrders).
 */
export function applyOrderFilters(q: OrderQuery, f: OrderListQuery, pg: boolean, vendorId: number, walk = false): OrderQuery {
  if (f.keyWords) {
    // Order number, phone, customer name, remarks or a line's model or category contain the keyword:
    // on PostgreSQL the vendor's short rows in order_search (decision 102), on SQLite the postings of
    // the keyword's bigrams in that vendor (decision 103).
    if (pg) {
      const matches = sql<boolean>`${sql.ref('s.body')} ilike ${likePattern(f.keyWords)} escape '\\'`;
      q = q.where('orders.id', 'in', (eb) => eb.selectFrom('order_search as s').select('s.order_id').where('s.vendor_id', '=', vendorId).where(matches));
    } else {
      // A unary + keeps SQLite from driving the query by the matches' ids.
      const id = walk ? sql`+orders.id` : sql`orders.id`;
      q = q.where(sql<boolean>`${id} in (select rowid from order_grams where order_grams match ${keywordMatch(vendorId, f.keyWords)})`);
    }
  }
  const { labels, minC, maxC, minD, maxD } = filterValues(f);
  for (const l of labels) q = q.where((eb) => LABEL_FILTER[l](eb));
  // Several statuses with nodes is the pending shortcut: status in (…) OR node in (…).
  if (f.status.length > 1 && f.node.length) {
    q = q.where((eb) => eb.or([eb('orders.status', 'in', f.status), eb('orders.node', 'in', f.node)]));
  } else {
    if (f.status.length) q = q.where('orders.status', 'in', f.status);
    if (f.node.length) q = q.where('orders.node', 'in', f.node);
  }
  if (minC) q = q.where('orders.created_at', '>=', minC);
  if (maxC) q = q.where('orders.created_at', '<=', maxC);
  if (minD) q = q.where('orders.completion_time', '>=', minD);
  if (maxD) q = q.where('orders.completion_time', '<=', maxD);
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

/** A page's orders with their stored cards and the creator's name (decision 100). */
const cardColumns = (q: OrderQuery) =>
  q
    .leftJoin('order_cards as c', 'c.order_id', 'orders.id')
    .leftJoin('users as creator', 'creator.id', 'orders.created_by')
    .select(['orders.id', 'orders.list_rev', 'c.rev', 'c.card_key', 'c.card', 'creator.name', 'creator.account', 'creator.phone']);

/** How many of the vendor's orders contain the keyword, from SQLite's bigram index (decision 103). */
async function keywordMatches(db: DB, vendorId: number, keyword: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from order_grams where order_grams match ${keywordMatch(vendorId, keyword)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * One page of the list as the JSON of its rows (decisions 098 and 100): each order's stored card,
 * built from the rows when missing, with userInfo (the creator's current name) added.
 */
export async function listOrders(db: DB, vendorId: number, ownerId: number | null, f: OrderListQuery, pg: boolean): Promise<{ rows: Buffer[][]; total: number }> {
  const offset = (f.pageNum - 1) * f.pageSize;
  const pageOf = (q: OrderQuery) => cardColumns(q).orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(f.pageSize).offset(offset).execute();
  let page;
  let total: number;
  // On SQLite the bigram index counts a keyword's matches first (decision 103). Many matches among
  // the vendor's orders (more than 2·√orders: then the walk's 50 / density entries cost less than
  // looking up and sorting every match) are read by walking the list order; few are looked up.
  const matches = f.keyWords && !pg ? await keywordMatches(db, vendorId, f.keyWords) : undefined;
  if (matches === 0) return { rows: [], total: 0 };
  const orderCount = matches === undefined ? 0 : [...(await countsByStatus(db, vendorId, ownerId)).values()].reduce((a, b) => a + b, 0);
  if (matches !== undefined && matches * matches > 4 * orderCount) {
    const walked = applyOrderFilters(vendorOrders(db, vendorId, ownerId), f, pg, vendorId, true);
    page = await pageOf(walked);
    // The index's count is the vendor's; it is the total unless a scope or another filter narrows it.
    total =
      ownerId === null && !f.status.length && !filtersBeyondStatus(f)
        ? matches
        : Number((await walked.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
  } else if (f.keyWords) {
    // Few matches: take every match's id once in list order; their number is the total and a slice
    // of them the page, rather than finding them for the page and again to count.
    const base = applyOrderFilters(vendorOrders(db, vendorId, ownerId), f, pg, vendorId);
    const ids = (await base.select('orders.id').orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').execute()).map((r) => r.id);
    total = ids.length;
    const pageIds = ids.slice(offset, offset + f.pageSize);
    const byId = new Map(pageIds.length ? (await cardColumns(vendorOrders(db, vendorId, ownerId)).where('orders.id', 'in', pageIds).execute()).map((r) => [r.id, r]) : []);
    page = pageIds.map((id) => byId.get(id)!).filter(Boolean);
  } else {
    const base = applyOrderFilters(vendorOrders(db, vendorId, ownerId), f, pg, vendorId);
    page = await pageOf(base);
    // A page that is not full is the last one, so it tells the total; a status-only list's total is counted.
    total =
      page.length > 0 && page.length < f.pageSize
        ? offset + page.length
        : ((await countedTotal(db, vendorId, ownerId, f)) ?? Number((await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total));
  }
  const cards = await cardsOf(db, page);
  const creators = new Map<string, Buffer>();
  // Each row in two pieces: the card without its closing brace, then userInfo and the brace.
  const rows = page.map((o, i) => {
    const name = accountName(o);
    let tail = creators.get(name);
    if (!tail) creators.set(name, (tail = Buffer.from(`,"userInfo":${JSON.stringify({ name })}}`)));
    return [cards[i]!.subarray(0, -1), tail];
  });
  return { rows, total };
}

/** One order of the vendor (respecting data scope); undefined when missing or someone else's. */
export const findOrder = (db: DB | Tx, vendorId: number, ownerId: number | null, id: number) =>
  vendorOrders(db, vendorId, ownerId).selectAll('orders').where('orders.id', '=', id).executeTakeFirst();
