import { sql } from 'kysely';
import type { OrderListQuery } from '@portal/domain/orders';
import type { DB } from '../../db/database';
import { GRAMS_ORDER_ID, keywordMatch } from '../../db/search-grams';
import { applyOrderFilters, bodyContains, vendorOrders, type KeywordMatching, type OrderQuery } from './orders.repository';

// The statements of the order list's plans (order-list.ts, decisions 103, 106, 108, 110, 132): counts
// of the matches, and the ids of a page in list order; the page itself is read from the cards
// (order-list-cards.repository.ts).

/** The vendor's orders (the owner's under data scope "own") under the list's filters, matching a keyword as `matching` says. */
export const filteredOrders = (db: DB, vendorId: number, ownerId: number | null, f: OrderListQuery, pg: boolean, matching?: KeywordMatching): OrderQuery =>
  applyOrderFilters(vendorOrders(db, vendorId, ownerId), f, pg, vendorId, matching);

/** How many of the vendor's orders contain the keyword, up to `upTo`, from SQLite's bigram index (decision 103). */
export async function countKeywordMatches(db: DB, vendorId: number, keyword: string, upTo: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from (select 1 from order_grams where order_grams match ${keywordMatch(vendorId, keyword)} limit ${upTo})`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** How many orders the query finds. */
export const countOrders = async (q: OrderQuery) => Number((await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);

/** How many orders the query finds, counted up to `upTo`. */
export const countOrdersUpTo = async (db: DB, q: OrderQuery, upTo: number) =>
  Number((await db.selectFrom(q.select('orders.id').limit(upTo).as('m')).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);

/** The vendor's search rows containing the keyword, in list order (the table is kept in that order). */
const searchRows = (db: DB, vendorId: number, keyword: string, pg: boolean) =>
  db.selectFrom('order_search as s').select('s.order_id as id').where('s.vendor_id', '=', vendorId).where(bodyContains(keyword, pg, vendorId))
    .orderBy('s.created_at', 'desc').orderBy('s.order_id', 'desc');

/** Ids of the vendor's orders containing the keyword, from its search rows in list order: `limit` of them (after `offset` when given). */
export function searchRowIds(db: DB, vendorId: number, keyword: string, pg: boolean, limit: number, offset?: number) {
  const q = searchRows(db, vendorId, keyword, pg).limit(limit);
  return (offset === undefined ? q : q.offset(offset)).execute();
}

/** A page of the keyword's matches from SQLite's bigram index, newest first (its own order). */
export async function gramsPageIds(db: DB, vendorId: number, keyword: string, limit: number, offset: number) {
  const r = await sql<{ id: number }>`select ${sql.raw(GRAMS_ORDER_ID)} as id from order_grams where order_grams match ${keywordMatch(vendorId, keyword)}
        order by rowid desc limit ${limit} offset ${offset}`.execute(db);
  return r.rows;
}

/** Ids the query finds, in list order, up to `limit`. */
export const filteredIdsInListOrder = (q: OrderQuery, limit: number) =>
  q.select('orders.id').orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(limit).execute();

/**
 * PostgreSQL: a keyword's page of ids in list order and its count up to `countUpTo`, as two queries
 * side by side, so that no more than a page of ids comes to Node.js. `filtered` null: the keyword
 * alone, read from the vendor's search rows; otherwise the list's filtered query (matching 'like').
 */
export async function pgKeywordPage(db: DB, vendorId: number, keyword: string, filtered: OrderQuery | null, limit: number, offset: number, countUpTo: number) {
  const matching = filtered === null
    ? db.selectFrom('order_search as s').select('s.order_id').where('s.vendor_id', '=', vendorId).where(bodyContains(keyword, true, vendorId)).limit(countUpTo)
    : filtered.select('orders.id').limit(countUpTo);
  const page = filtered === null
    ? searchRows(db, vendorId, keyword, true).limit(limit).offset(offset).execute()
    : filtered.select('orders.id as id').orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(limit).offset(offset).execute();
  const [rows, n] = await Promise.all([page, sql<{ n: number }>`select count(*) as n from (${matching}) m`.execute(db)]);
  return { ids: rows.map((r: { id: number }) => r.id), matches: Number(n.rows[0]?.n ?? 0) };
}
