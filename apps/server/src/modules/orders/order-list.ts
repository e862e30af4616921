import type { OrderListQuery } from '@portal/domain/orders';
import type { DB } from '../../db/database';
import { boundedTotal, listKey } from '../../lib/bounded-lately';
import { notePlanHint, planHint } from '../../lib/read-plan-hints';
import { countKeywordMatches, countOf, countOrdersUpTo, filteredIdsInListOrder, filteredOrders, keywordIdsAtRevision, gramsPageIds, pageOfCards, pageOfIds, pgKeywordPage, pgKeywordRead, pgPageFromEntries, searchRowIds, type PgKeywordRead } from './order-list.repository';
import { keepKeywordCount, keptKeywordCount, type KeptKeywordCount } from '../../lib/keyword-counts-kept';
import { countedTotalQuery, filtersBesidesKeyword, ordersInScope, ordersInScopeQuery, type KeywordMatching } from './orders.repository';

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

// PostgreSQL, measured on the 1,000,000-order bench (decision 187): a search row walked in list order
// and tested with ilike, and a match read through the keys' index and sorted.
const PG_WALK_US = 0.8;
const PG_KEYS_MATCH_US = 2.5;

/**
 * How to read a keyword's page on PostgreSQL without other filters: walk the vendor's search rows in
 * list order while the page fills after a short walk (a dense keyword), otherwise read the matches
 * from the keys' index and sort them. `upTo` is the last row the page needs.
 */
export function pgKeywordPagePlan(matches: number, orderCount: number, upTo: number): 'walk' | 'keys' {
  return PG_WALK_US * ((upTo * orderCount) / matches) < PG_KEYS_MATCH_US * matches ? 'walk' : 'keys';
}

// PostgreSQL: a keyword alone with at most this many matches keeps every match's id with its count
// (decision 210): ~8 kB, read once a revision instead of the page's ids on every call.
const KEPT_IDS_MAX = 2_000;

// PostgreSQL: a keyword alone of more matches keeps the ids of its first this many (decision 216), so
// that its first pages are read by id while the revision stands, not by walking its search rows again.
const LEAD_IDS = 200;

/** A keyword's page on PostgreSQL: its ids, or its entries already read with the count (pgPageFromEntries); and how many match. */
type PgKeywordAnswer = { matches: number } & ({ ids: number[] } | { entries: string | null });

/**
 * PostgreSQL, the keyword alone: a page of its matches, as ids in list order or as the page's entries,
 * and how many match, counted up to `countUpTo` (null: past the bound lately, answered as bound + 1,
 * decision 186).
 * - Without a count this process kept: the count and the vendor's orders first (decision 187). Few
 *   matches: then every id, kept with the count and the revision of the statement that read them
 *   (decision 210); many: the page, read as pgKeywordPagePlan says from the count.
 * - With a kept count (decision 208): one statement reads the revision, and only if it moved the count
 *   again; with it every id again when they are kept, or else the page as the kept count chose. The
 *   same statement reads the page's entries (decision 211): of the kept ids' slice, which stands while
 *   the revision does, or of the page it reads.
 */
async function pgKeywordAlone(db: DB, vendorId: number, keyword: string, offset: number, pageSize: number, countUpTo: number | null, bound: number): Promise<PgKeywordAnswer> {
  const slice = (all: Int32Array | number[]) => Array.from(all.slice(offset, offset + pageSize));
  const page = (matches: number, orders: number) => ({ how: pgKeywordPagePlan(matches, orders, offset + pageSize), limit: pageSize, offset });
  const every = { how: 'keys', limit: KEPT_IDS_MAX + 1, offset: 0 } as const;
  const keep = (r: PgKeywordRead, withIds: boolean) =>
    keepKeywordCount('orders', vendorId, keyword, { rev: r.rev, matches: r.matches!, inScope: r.orders, ...(withIds && r.ids!.length <= KEPT_IDS_MAX ? { ids: Int32Array.from(r.ids!) } : {}) });
  const pageRead = async (matches: number, orders: number) => (await pgKeywordRead(db, vendorId, keyword, { countUpTo: null, page: page(matches, orders), cards: 'page' })).entries;
  const found = keptKeywordCount('orders', vendorId, keyword);
  // A kept count of few matches without their ids is read again as a first one, ids and all.
  const kept = found && (found.ids || found.matches > KEPT_IDS_MAX) ? found : undefined;
  if (kept && !kept.ids && offset + pageSize <= LEAD_IDS) return pgKeywordLead(db, vendorId, keyword, kept, offset, pageSize, countUpTo, bound);
  if (countUpTo === null) {
    const orders = kept?.inScope ?? (await pgKeywordRead(db, vendorId, keyword, { countUpTo: null })).orders;
    return { entries: await pageRead(bound + 1, orders), matches: bound + 1 };
  }
  if (kept?.ids) {
    const read = await pgKeywordRead(db, vendorId, keyword, { countUpTo, unlessRev: kept.rev, page: every, idsUnlessRev: true, cards: slice(kept.ids) });
    if (read.matches === null) return { entries: read.entries, matches: kept.matches };
    keep(read, true);
    if (read.ids!.length <= KEPT_IDS_MAX) return { ids: slice(read.ids!), matches: read.matches };
    return { entries: await pageRead(read.matches, read.orders), matches: read.matches };
  }
  if (kept) {
    const read = await pgKeywordRead(db, vendorId, keyword, { countUpTo, unlessRev: kept.rev, page: page(kept.matches, kept.inScope), cards: 'page' });
    if (read.matches !== null) keep(read, false);
    return { entries: read.entries, matches: read.matches ?? kept.matches };
  }
  const counted = await pgKeywordRead(db, vendorId, keyword, { countUpTo });
  if (counted.matches === 0 || counted.matches! > KEPT_IDS_MAX) {
    keep(counted, false);
    return counted.matches ? { entries: await pageRead(counted.matches!, counted.orders), matches: counted.matches! } : { ids: [], matches: 0 };
  }
  const all = await pgKeywordRead(db, vendorId, keyword, { countUpTo, page: every });
  keep(all, true);
  if (all.ids!.length <= KEPT_IDS_MAX) return { ids: slice(all.ids!), matches: all.matches! };
  return { entries: await pageRead(all.matches!, all.orders), matches: all.matches! };
}

/**
 * PostgreSQL, a keyword alone of many matches, a page among the first LEAD_IDS (decision 216): while the
 * vendor's search revision stands, one statement reads the page's entries by the kept lead's ids (and
 * the revision); otherwise the same statement reads the lead again, and the count unless past the bound
 * lately (`countUpTo` null), and the page follows by its ids. A keyword kept without a lead reads it
 * the same way once.
 */
async function pgKeywordLead(db: DB, vendorId: number, keyword: string, kept: KeptKeywordCount, offset: number, pageSize: number, countUpTo: number | null, bound: number): Promise<PgKeywordAnswer> {
  const matches = countUpTo === null ? bound + 1 : kept.matches;
  const lead = { how: pgKeywordPagePlan(matches, kept.inScope, LEAD_IDS), limit: LEAD_IDS, offset: 0 } as const;
  const slice = (ids: Int32Array | number[]) => Array.from(ids.slice(offset, offset + pageSize));
  const read = await pgKeywordRead(db, vendorId, keyword, { countUpTo, unlessRev: kept.rev, page: lead, ...(kept.lead ? { idsUnlessRev: true, cards: slice(kept.lead) } : {}) });
  if (read.ids === null) return { entries: read.entries, matches };
  const counted = read.matches ?? kept.matches;
  keepKeywordCount('orders', vendorId, keyword, { rev: read.rev, matches: counted, inScope: read.orders, ...(counted > KEPT_IDS_MAX ? { lead: Int32Array.from(read.ids) } : {}) });
  return { ids: slice(read.ids), matches: read.matches ?? matches };
}

/**
 * SQLite, the keyword alone: how many orders match, up to bound + 1, and while there are at most `bound`
 * every match's id in list order, kept with the vendor's search revision (decision 213). One statement
 * reads the revision, and only if it moved every id again (from the bigram index when `viaIndex`).
 */
async function keptKeywordIds(db: DB, vendorId: number, keyword: string, viaIndex: boolean, bound: number): Promise<{ matches: number; ids?: Int32Array }> {
  const found = keptKeywordCount('orders', vendorId, keyword);
  const read = await keywordIdsAtRevision(db, vendorId, keyword, viaIndex, bound + 1, found?.rev);
  if (read.ids === null) return found!;
  const kept = { rev: read.rev, matches: read.ids.length, inScope: 0, ...(read.ids.length <= bound ? { ids: Int32Array.from(read.ids) } : {}) };
  keepKeywordCount('orders', vendorId, keyword, kept);
  return kept;
}

// PostgreSQL: a filtered page is read under one plan kept (decision 215) when its last call counted at
// most this many matches, dense enough that the walk of the list in order reads at most this many orders
// for the page. The one plan walks the list, or reads the matches from the status index and sorts them:
// either way at most this many rows (~1 µs each), where the plan made for the values costs ~0.3 ms to make.
const DENSE_WALK_ROWS = 1_000;

/**
 * Filters whose one plan on PostgreSQL is the walk of the vendor's list in order (or of its status
 * index, also in order): statuses, nodes, labels, creation dates. A completion-time range or timeliness
 * has an index of its own, by which a plan made for unknown values could read every match and sort them.
 */
const walkableFilters = (f: OrderListQuery) => !f.minCompletionTime && !f.maxCompletionTime && !f.sla;

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
  // A keyword's matches are counted up to one past the bound: more than the bound answers the bound,
  // flagged (decision 132). A keyword list counted past it lately is not counted again (decision 186).
  const key = listKey('orders', vendorId, ownerId, f);
  const { pastBound, counted, count: countUpTo } = boundedTotal(key, totalBound);
  const filtered = (matching?: KeywordMatching) => filteredOrders(db, vendorId, ownerId, f, pg, matching);
  // The page of these orders (ids of the caller's scope, in list order).
  const pageOf = (ids: number[]) => pageOfIds(db, vendorId, ownerId, ids, pg);
  const unfiltered = ownerId === null && !filtersBesidesKeyword(f);

  // On SQLite a keyword over many orders goes through the bigram index (decision 103): its count of the
  // matches first, then the page read as keywordPagePlan says (decision 106). Over few orders, reading
  // their search rows costs less than the index's postings (decision 108). Either way, a keyword alone
  // keeps its matches' ids by the vendor's search revision (decision 213).
  const orderCount = f.keyWords && !pg ? await ordersInScope(db, vendorId, ownerId) : 0;
  const viaIndex = orderCount > keywordScanMax;
  // Without other filters or scope, a page of a keyword's kept ids (decision 213).
  const kept = f.keyWords && !pg && unfiltered && !pastBound ? await keptKeywordIds(db, vendorId, f.keyWords, viaIndex, totalBound) : undefined;
  if (kept?.ids) return { body: kept.ids.length ? await pageOf(Array.from(kept.ids.subarray(offset, offset + f.pageSize))) : Buffer.alloc(0), ...counted(kept.matches) };
  if (viaIndex) {
    const matches = kept?.matches ?? await countUpTo(() => countKeywordMatches(db, vendorId, f.keyWords!, totalBound + 1));
    if (matches === 0) return { body: Buffer.alloc(0), total: 0, bounded: false };
    const plan = keywordPagePlan(matches, orderCount, offset + f.pageSize, unfiltered);
    if (plan === 'search') {
      const r = await searchRowIds(db, vendorId, f.keyWords, pg, f.pageSize, offset);
      return { body: await pageOf(r.map((row) => row.id)), ...counted(matches) };
    }
    if (plan === 'grams') {
      const r = await gramsPageIds(db, vendorId, f.keyWords, f.pageSize, offset);
      return { body: await pageOf(r.map((row) => row.id)), ...counted(matches) };
    }
    if (plan === 'index') {
      // The list's index in list order, each order tested against the index's matches.
      const walked = filtered('grams-walk');
      const { body } = await pageOfCards(db, walked, offset, f.pageSize, pg);
      return { body, ...counted(await countUpTo(() => countOrdersUpTo(db, walked, totalBound + 1))) };
    }
  }
  if (f.keyWords && pg && unfiltered) {
    // PostgreSQL, the keyword alone (decisions 187, 208, 210): the page's entries read with it (decision
    // 211), or its ids, then their cards by a named statement (decisions 189, 190).
    const read = await pgKeywordAlone(db, vendorId, f.keyWords, offset, f.pageSize, pastBound ? null : totalBound + 1, totalBound);
    if (read.matches === 0) return { body: Buffer.alloc(0), total: 0, bounded: false };
    return { body: 'ids' in read ? await pageOf(read.ids) : await pgPageFromEntries(db, read.entries), ...counted(read.matches) };
  }
  if (f.keyWords && pg) {
    // PostgreSQL with other filters or an owner's scope: the page (read in list order or from the
    // keyword index's matches, as the planner judges) and the bounded count side by side.
    const { ids, matches } = await pgKeywordPage(db, filtered('like'), f.pageSize, offset, pastBound ? null : totalBound + 1);
    return { body: await pageOf(ids), ...counted(matches ?? totalBound + 1) };
  }
  if (f.keyWords) {
    // Every match's id once, in list order: their number is the total and a slice of them the page,
    // rather than finding them for the page and again to count. Without other filters the vendor's
    // search rows are read alone. Past the bound only as far as the page asks.
    const upTo = Math.max(totalBound, offset + f.pageSize) + 1;
    const all = unfiltered && !viaIndex
      ? await searchRowIds(db, vendorId, f.keyWords, pg, upTo)
      : await filteredIdsInListOrder(filtered(viaIndex ? 'grams' : 'like'), upTo);
    const ids = all.map((r) => r.id);
    return { body: await pageOf(ids.slice(offset, offset + f.pageSize)), ...counted(ids.length) };
  }
  // The total comes with the page, in its statement: from order_counts with statuses and nodes only,
  // otherwise the filter's own count (one statement rather than the page's and then the count's).
  const matching = filtered();
  const totalQuery = countedTotalQuery(db, vendorId, ownerId, f) ?? countOf(matching);
  // PostgreSQL plans a filtered page for its values on every call. A filter that lately matched densely
  // enough walks the list in order, named with one plan (decision 215); each such call also reads the
  // orders in scope, so that the next one chooses by this call's figures.
  const hinted = pg && !unfiltered && walkableFilters(f);
  const hint = hinted ? planHint(key) : undefined;
  const walk = hint !== undefined && hint.matches <= DENSE_WALK_ROWS && (offset + f.pageSize) * hint.inScope <= DENSE_WALK_ROWS * hint.matches;
  const scope = hinted ? ordersInScopeQuery(db, vendorId, ownerId) : undefined;
  const { body, count, total, inScope } = await pageOfCards(db, matching, offset, f.pageSize, pg, unfiltered || walk, totalQuery, scope);
  if (inScope !== undefined) notePlanHint(key, total!, inScope);
  // A page that is not full is the last one, so it tells the total.
  return { body, total: count > 0 && count < f.pageSize ? offset + count : total!, bounded: false };
}
