import { sql } from 'kysely';
import type { OrderListQuery } from '@portal/domain/orders';
import type { DB } from '../../db/database';
import { GRAMS_ORDER_ID, keywordMatch } from '../../db/search-grams';
import { pageOfCards, pageOfIds } from './order-list-cards';
import { applyOrderFilters, bodyContains, countedTotal, filtersBesidesKeyword, ordersInScope, vendorOrders, type KeywordMatching } from './orders.repository';

// Rough costs on the bench machine (µs), to pick how a keyword's page is read (decision 106).
const WALK_SEARCH_US = 0.25; // an order_search row read in list order and tested with LIKE
const SHORT_WALK_US = 200; // a walk of the search rows this short beats reading the index in reverse
const WALK_INDEX_US = 0.08; // a list-index entry tested against the set of matches
const LOOKUP_US = 1; // a match looked up in orders and sorted

/**
 * How to read a keyword's page on SQLite. Without other filters or scope: walk the vendor's search
 * rows in list order testing each with LIKE while that walk is short ('search'), otherwise take the
 * index's own entries newest first ('grams'); either way the index's count is the total. With filters
 * or scope: walk the list index testing each order against the matches ('index'), or look every match
 * up and sort ('lookup'), whichever reads less. `upTo` is the last row the page needs (offset + page size).
 */
export function keywordPagePlan(matches: number, orderCount: number, upTo: number, unfiltered: boolean): 'search' | 'grams' | 'index' | 'lookup' {
  // Orders of the list read, in list order, before the page is full at the vendor's density of matches.
  const toWalk = (upTo * orderCount) / matches;
  if (unfiltered) return WALK_SEARCH_US * toWalk <= SHORT_WALK_US ? 'search' : 'grams';
  return WALK_INDEX_US * toWalk < LOOKUP_US * matches ? 'index' : 'lookup';
}

/** How many of the vendor's orders contain the keyword, up to `upTo`, from SQLite's bigram index (decision 103). */
async function keywordMatches(db: DB, vendorId: number, keyword: string, upTo: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from (select 1 from order_grams where order_grams match ${keywordMatch(vendorId, keyword)} limit ${upTo})`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** What listOrders needs to know of its deployment. */
export interface ListSettings {
  pg: boolean;
  /** On SQLite, a keyword over a scope of at most this many orders reads their search rows (decision 108). */
  keywordScanMax: number;
  /** A keyword's total is counted up to this many matches; more answer this many, bounded (decision 132). */
  totalBound: number;
}

/** A page of the list as the JSON of its rows, its total, and whether more than `total` orders match (decision 132). */
export interface ListPage {
  body: Buffer;
  total: number;
  bounded: boolean;
}

/**
 * One page of GET /api/app/order/list as the JSON of its rows (decisions 098, 100 and 104): the
 * orders' stored cards with userInfo (the creator's current name), and the list's total.
 */
export async function listOrders(db: DB, vendorId: number, ownerId: number | null, f: OrderListQuery, { pg, keywordScanMax, totalBound }: ListSettings): Promise<ListPage> {
  const offset = (f.pageNum - 1) * f.pageSize;
  // A keyword's matches are counted up to one past the bound: more than the bound answers the bound, flagged (decision 132).
  const counted = (n: number) => ({ total: Math.min(n, totalBound), bounded: n > totalBound });
  const filtered = (matching?: KeywordMatching) => applyOrderFilters(vendorOrders(db, vendorId, ownerId), f, pg, vendorId, matching);
  // The page of these orders (ids of the caller's scope, in list order).
  const pageOf = (ids: number[]) => pageOfIds(db, vendorId, ownerId, ids, pg);
  const countOf = async (q: ReturnType<typeof filtered>) => Number((await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
  const countUpTo = async (q: ReturnType<typeof filtered>, upTo: number) =>
    Number((await db.selectFrom(q.select('orders.id').limit(upTo).as('m')).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
  const unfiltered = ownerId === null && !filtersBesidesKeyword(f);
  // The vendor's search rows containing the keyword, in list order (the table is kept in that order).
  const searchRows = () => db.selectFrom('order_search as s').select('s.order_id as id').where('s.vendor_id', '=', vendorId).where(bodyContains(f.keyWords, pg, vendorId))
    .orderBy('s.created_at', 'desc').orderBy('s.order_id', 'desc');

  // On SQLite a keyword over many orders goes through the bigram index (decision 103): its count of the
  // matches first, then the page read as keywordPagePlan says (decision 106). Over few orders, reading
  // their search rows costs less than the index's postings (decision 108).
  const orderCount = f.keyWords && !pg ? await ordersInScope(db, vendorId, ownerId) : 0;
  const viaIndex = orderCount > keywordScanMax;
  if (viaIndex) {
    const matches = await keywordMatches(db, vendorId, f.keyWords, totalBound + 1);
    if (matches === 0) return { body: Buffer.alloc(0), total: 0, bounded: false };
    const plan = keywordPagePlan(matches, orderCount, offset + f.pageSize, unfiltered);
    if (plan === 'search') {
      const r = await searchRows().limit(f.pageSize).offset(offset).execute();
      return { body: await pageOf(r.map((row) => row.id)), ...counted(matches) };
    }
    if (plan === 'grams') {
      const r = await sql<{ id: number }>`select ${sql.raw(GRAMS_ORDER_ID)} as id from order_grams where order_grams match ${keywordMatch(vendorId, f.keyWords)}
        order by rowid desc limit ${f.pageSize} offset ${offset}`.execute(db);
      return { body: await pageOf(r.rows.map((row) => row.id)), ...counted(matches) };
    }
    if (plan === 'index') {
      // The list's index in list order, each order tested against the index's matches.
      const walked = filtered('grams-walk');
      const { body } = await pageOfCards(db, walked, offset, f.pageSize, pg);
      return { body, ...counted(await countUpTo(walked, totalBound + 1)) };
    }
  }
  if (f.keyWords && pg) {
    // PostgreSQL: the page (read in list order or from the keyword index's matches, as the planner
    // judges) and the bounded count side by side, so that no more than a page of ids comes to Node.js.
    const matching = unfiltered
      ? db.selectFrom('order_search as s').select('s.order_id').where('s.vendor_id', '=', vendorId).where(bodyContains(f.keyWords, pg, vendorId)).limit(totalBound + 1)
      : filtered('like').select('orders.id').limit(totalBound + 1);
    const page = unfiltered
      ? searchRows().limit(f.pageSize).offset(offset).execute()
      : filtered('like').select('orders.id as id').orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(f.pageSize).offset(offset).execute();
    const [rows, n] = await Promise.all([page, sql<{ n: number }>`select count(*) as n from (${matching}) m`.execute(db)]);
    return { body: await pageOf(rows.map((r: { id: number }) => r.id)), ...counted(Number(n.rows[0]?.n ?? 0)) };
  }
  if (f.keyWords) {
    // Every match's id once, in list order: their number is the total and a slice of them the page,
    // rather than finding them for the page and again to count. Without other filters the vendor's
    // search rows are read alone. Past the bound only as far as the page asks.
    const upTo = Math.max(totalBound, offset + f.pageSize) + 1;
    const all = unfiltered && !viaIndex
      ? await searchRows().limit(upTo).execute()
      : await filtered(viaIndex ? 'grams' : 'like').select('orders.id').orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(upTo).execute();
    const ids = all.map((r) => r.id);
    return { body: await pageOf(ids.slice(offset, offset + f.pageSize)), ...counted(ids.length) };
  }
  const { body, count } = await pageOfCards(db, filtered(), offset, f.pageSize, pg);
  // A page that is not full is the last one, so it tells the total; with statuses and nodes only, order_counts does.
  const total = count > 0 && count < f.pageSize ? offset + count : ((await countedTotal(db, vendorId, ownerId, f)) ?? (await countOf(filtered())));
  return { body, total, bounded: false };
}
