import { sql, type RawBuilder } from 'kysely';
import type { OrderListLine, OrderListQuery } from '@portal/domain/orders';
import type { DB, Tx } from '../../db/database';
import { NAMED_ONE_PLAN } from '../../db/pg-prepared';
import { GRAMS_ORDER_ID, keywordMatch } from '../../db/search-grams';
import { log } from '../../lib/logger';
import { keysAreExact, likeKeyword, pgKeywordKeys } from '../../lib/keyword-index';
import { nowIso } from '../../lib/time';
import { keepCard, keptCard } from './order-cards-kept';
import { CARD_KEY, cardEnd, cardOf, SLA_OPEN } from './order-list-cards';
import { accountName, LIST_COLUMNS, LIST_LINE_COLUMNS, toListLine } from './order-row';
import { applyOrderFilters, bodyContains, vendorOrders, type KeywordMatching, type OrderQuery, type ordersInScopeQuery, type TotalQuery } from './orders.repository';

// The order list's statements (order-list.ts): the plans' counts of the matches and the ids of a page
// in list order (decisions 103, 106, 108, 110, 132), and the page itself joined from the orders'
// stored cards, the stale ones built from the rows and stored (decisions 100, 104; the card format
// and its key are order-list-cards.ts).

/** The vendor's orders (the owner's under data scope "own") under the list's filters, matching a keyword as `matching` says. */
export const filteredOrders = (db: DB, vendorId: number, ownerId: number | null, f: OrderListQuery, pg: boolean, matching?: KeywordMatching): OrderQuery =>
  applyOrderFilters(vendorOrders(db, vendorId, ownerId), f, pg, vendorId, matching);

/** How many of the vendor's orders contain the keyword, up to `upTo`, from SQLite's bigram index (decision 103). */
export async function countKeywordMatches(db: DB, vendorId: number, keyword: string, upTo: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from (select 1 from order_grams where order_grams match ${keywordMatch(vendorId, keyword)} limit ${upTo})`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** How many orders the query finds, as the one-row subquery whose `total` pageOfCards answers with the page. */
export const countOf = (q: OrderQuery): TotalQuery => q.select((eb) => eb.fn.countAll<number>().as('total'));

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

/**
 * SQLite, a keyword alone, in one statement (one snapshot): the vendor's search revision (decision 213)
 * and, unless the revision is still `unlessRev`, the ids of the keyword's matches in list order, up to
 * `upTo` (null: the revision has not moved). From the bigram index (`viaIndex`: its rowids are the list
 * key) or by reading the vendor's search rows with LIKE (a vendor of few orders, decision 108).
 */
export async function keywordIdsAtRevision(db: DB, vendorId: number, keyword: string, viaIndex: boolean, upTo: number, unlessRev?: string): Promise<{ rev: string; ids: number[] | null }> {
  const ids = viaIndex
    ? sql`(select json_group_array(id order by k desc) from (select rowid as k, ${sql.raw(GRAMS_ORDER_ID)} as id from order_grams
      where order_grams match ${keywordMatch(vendorId, keyword)} order by rowid desc limit ${upTo}))`
    : sql`(select json_group_array(id order by c desc, id desc) from (select s.created_at as c, s.order_id as id from order_search s
      where s.vendor_id = ${vendorId} and ${bodyContains(keyword, false, vendorId)} order by s.created_at desc, s.order_id desc limit ${upTo}))`;
  const r = await sql<{ rev: number; ids: string | null }>`select r.rev, ${unlessRev === undefined ? ids : sql`case when r.rev = ${Number(unlessRev)} then null else ${ids} end`} as ids
    from (select coalesce(sum(rev), 0) as rev from order_search_revisions where vendor_id = ${vendorId}) r`.execute(db);
  const row = r.rows[0]!;
  return { rev: String(row.rev), ids: row.ids === null ? null : (JSON.parse(row.ids) as number[]) };
}

/** Ids the query finds, in list order, up to `limit`. */
export const filteredIdsInListOrder = (q: OrderQuery, limit: number) =>
  q.select('orders.id').orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(limit).execute();

/**
 * PostgreSQL: order_search row `s` contains the keyword, by the GIN index of vendor-scoped keys alone
 * (decision 187). The keys carry the vendor, so no vendor condition is needed (one would make the
 * planner AND in the vendor's whole index range). A keyword of one or two characters (after lower(),
 * as ilike folds) is one key, and holding that key is containing the keyword: no recheck. A longer
 * one is several bigrams, which a text may hold apart: ilike rechecks.
 */
const keysContain = (vendorId: number, keyword: string) =>
  sql<boolean>`order_search_keys(s.vendor_id, s.body) @> ${pgKeywordKeys(vendorId, keyword, true)}${keysAreExact(keyword) ? sql`` : sql` and ${likeKeyword(sql`s.body`, keyword, true)}`}`;

/** How a keyword's page of ids is read on PostgreSQL without other filters (pgKeywordPagePlan). */
export interface PgKeywordPage {
  how: 'walk' | 'keys';
  limit: number;
  offset: number;
}

/**
 * PostgreSQL, a keyword's page of ids without other filters, in list order: by walking the vendor's
 * search rows in list order testing each with (i)like ('walk', decision 209), or from the keys' index,
 * sorted ('keys').
 */
function pgKeywordPageIds(vendorId: number, keyword: string, { how, limit, offset }: PgKeywordPage) {
  const where = how === 'walk' ? sql<boolean>`s.vendor_id = ${vendorId} and ${likeKeyword(sql`s.body`, keyword, true)}` : keysContain(vendorId, keyword);
  return sql`array(select s.order_id from order_search s where ${where} order by s.created_at desc, s.order_id desc limit ${limit} offset ${offset})`;
}

/** What pgKeywordRead answers: the vendor's search revision and orders, the matches counted (or null), the page's ids (or null), the cards' entries asked for (or null). */
export interface PgKeywordRead {
  rev: string;
  orders: number;
  matches: number | null;
  ids: number[] | null;
  entries: string | null;
}

/**
 * PostgreSQL, a keyword without other filters, in one statement (one snapshot): the vendor's search
 * revision (decision 208) and how many orders it has; how many of its orders contain the keyword,
 * counted up to `countUpTo` unless the revision is still `unlessRev` (null: not counted); and, when
 * `page` is given, that page of the matches' ids (with `idsUnlessRev`, also only if the revision moved).
 * `cards`: the page's entries for pgPageFromEntries, of the page read ('page', then without its ids) or
 * of these ids, so that the call needs no statement of its own for them (decision 211).
 */
export async function pgKeywordRead(db: DB, vendorId: number, keyword: string, opts: { countUpTo: number | null; unlessRev?: string; page?: PgKeywordPage; idsUnlessRev?: boolean; cards?: 'page' | number[] }): Promise<PgKeywordRead> {
  const count = sql`(select count(*) from (select 1 from order_search s where ${keysContain(vendorId, keyword)} limit ${opts.countUpTo}) m)`;
  const matches = opts.countUpTo === null ? sql`null` : opts.unlessRev === undefined ? count : sql`case when r.rev = ${opts.unlessRev} then null else ${count} end`;
  const page = opts.page ? pgKeywordPageIds(vendorId, keyword, opts.page) : sql`null`;
  const ids = opts.cards === 'page' ? sql`null` : opts.idsUnlessRev && opts.unlessRev !== undefined ? sql`case when r.rev = ${opts.unlessRev} then null else ${page} end` : page;
  const entries = opts.cards === undefined ? sql`null` : pgEntriesOf(opts.cards === 'page' ? page : sql`${opts.cards}::integer[]`, vendorId, null);
  // Named with one plan: whichever values, each subquery has one plan that fits (the keys' GIN index, or
  // the vendor's search rows in list order for a walk, as `page.how` chose), and planning this statement
  // on every call cost ~0.6 ms (decision 208).
  const r = await sql<{ rev: string; orders: number | string | null; matches: number | string | null; ids: number[] | null; entries: string | null }>`${NAMED_ONE_PLAN}select r.rev,
    (select sum(n) from order_counts where vendor_id = ${vendorId}) as orders, ${matches} as matches, ${ids} as ids, ${entries} as entries
    from (select coalesce(sum(rev), 0)::text as rev from order_search_revisions where vendor_id = ${vendorId}) r`.execute(db);
  const row = r.rows[0]!;
  return { rev: row.rev, orders: Number(row.orders ?? 0), matches: row.matches === null ? null : Number(row.matches), ids: row.ids, entries: row.entries };
}

/**
 * PostgreSQL, a keyword with other filters or an owner's scope: the page of ids of the list's
 * filtered query (matching 'like') in list order and its count up to `countUpTo` (null: not counted),
 * as two queries side by side, so that no more than a page of ids comes to Node.js.
 */
export async function pgKeywordPage(db: DB, filtered: OrderQuery, limit: number, offset: number, countUpTo: number | null) {
  const page = filtered.select('orders.id as id').orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(limit).offset(offset).execute();
  const [rows, matches] = await Promise.all([page, countUpTo === null ? null : countOrdersUpTo(db, filtered, countUpTo)]);
  return { ids: rows.map((r) => r.id), matches };
}

// ---- the page from the stored cards

/** A page's order with its stored card, if any (left join of order_cards). */
export interface StoredCard {
  id: number;
  list_rev: number;
  rev: number | null;
  card_key: string | null;
  card: Buffer | null;
}

const isCurrent = (r: StoredCard) => r.card !== null && r.rev === r.list_rev && r.card_key === CARD_KEY;

/** A card and the order's revision it was built from. */
interface CardAt {
  rev: number;
  card: Buffer;
}

/** The cards of these orders: the current stored ones, and for the others cards built from the rows. */
export async function cardsOf(db: DB, page: StoredCard[]): Promise<CardAt[]> {
  const stale = page.filter((r) => !isCurrent(r)).map((r) => r.id);
  const built = stale.length ? await buildCards(db, stale) : new Map<number, CardAt>();
  return page.map((r) => built.get(r.id) ?? { rev: r.rev!, card: r.card! });
}

async function buildCards(db: DB, ids: number[]): Promise<Map<number, CardAt>> {
  // The order rows (and their revision) first, their lines after: a line changed in between moves
  // the revision on, so the card built from the old row is not stored.
  const records = await db.selectFrom('orders').select([...LIST_COLUMNS, 'list_rev']).where('id', 'in', ids).execute();
  const lines = new Map<number, OrderListLine[]>();
  const found = await db.selectFrom('order_products').select(LIST_LINE_COLUMNS).where('order_id', 'in', ids).orderBy('order_id').orderBy('id').execute();
  for (const l of found) {
    const list = lines.get(l.order_id);
    if (list) list.push(toListLine(l));
    else lines.set(l.order_id, [toListLine(l)]);
  }
  const cards = new Map(records.map((o) => [o.id, { rev: o.list_rev, card: cardOf(o, lines.get(o.id) ?? []) }]));
  try {
    await db.transaction().execute(async (tx) => {
      for (const o of records) await storeCard(tx, o.id, o.list_rev, cards.get(o.id)!.card);
    });
  } catch (e) {
    // The cards are a cache: the page is answered from the rows just read even if storing them failed.
    log.error({ err: e }, 'order list cards not stored');
  }
  return cards;
}

/** Stores the card built from revision `rev` of the order, unless the order has moved on since. */
export function storeCard(db: DB | Tx, orderId: number, rev: number, card: Buffer) {
  return db
    .insertInto('order_cards')
    .columns(['order_id', 'rev', 'card_key', 'card'])
    .expression((eb) =>
      eb.selectFrom('orders').select((s) => [s.ref('id').as('order_id'), s.ref('list_rev').as('rev'), s.val(CARD_KEY).as('card_key'), s.val(card).as('card')]).where('id', '=', orderId).where('list_rev', '=', rev),
    )
    .onConflict((oc) => oc.column('order_id').doUpdateSet((eb) => ({ rev: eb.ref('excluded.rev'), card_key: eb.ref('excluded.card_key'), card: eb.ref('excluded.card') })))
    .executeTakeFirst();
}

/** The creator's name as accountName gives it, in SQL. */
const creatorName = sql`coalesce(nullif(u.name, ''), nullif(u.account, ''), nullif(u.phone, ''), '')`;

// SQLite, over a page `o` (id, list_rev, created_by) joined to its cards `c` and creators `u`: how many
// rows, how many of their cards are stale, and the rows' JSON joined by commas in visiting order.
const PAGE_AGGREGATES = sql`count(*) as n, sum(case when c.card is null or c.rev <> o.list_rev or c.card_key <> ${CARD_KEY} then 1 else 0 end) as stale`;
// The card ends with its `sla` open for `overdue`, which depends on now (issue 19, decision 176): the
// page adds it from the order's due time as slaAnswer gives it, then the creator's name, as cardEnd.
const cardStart = sql`substr(c.card, 1, length(c.card) - ${sql.lit(SLA_OPEN)})`;
const cardEndSql = (now: string) =>
  sql`',"overdue":' || (case when o.sla_due_at < ${now} then 'true' else 'false' end) || '},"userInfo":{"name":' || json_quote(${creatorName}) || '}}'`;
const joinedSqlite = (now: string) => sql`cast(group_concat(${cardStart} || ${cardEndSql(now)}, ',') as blob)`;
type PageRow = { n: number; stale: number | null; body: Buffer | null; total?: number | string | null };
const pageBody = (body: Buffer | null) => body ?? Buffer.alloc(0);

/**
 * The page's rows as one JSON byte string, `{card…,"userInfo":{"name":…}},{…}`, joined from the
 * orders' stored cards (decisions 104, 206), and how many rows it holds. `filtered` is the list's
 * query before order and limit. Stale or missing cards are built and stored first.
 * `named`: the statement's plan fits every value (the vendor's newest orders, or orders by id), so
 * PostgreSQL keeps one plan for it (decisions 189, 198); a filtered page is planned for its values.
 * `total`: the list's total, in the same statement (decisions 190, 214). `scope`: on PostgreSQL, the
 * orders in the caller's scope too, which with the total choose how the next call reads (decision 215).
 */
export async function pageOfCards(db: DB, filtered: OrderQuery, offset: number, limit: number, pg: boolean, named = false, total?: TotalQuery, scope?: ReturnType<typeof ordersInScopeQuery>): Promise<{ count: number; body: Buffer; total?: number; inScope?: number }> {
  // The LIMIT keeps the page a subquery of its own (never flattened into the join), so SQLite's
  // aggregate visits its rows in its order; PostgreSQL, free to join in any order, is told the order.
  const ordered = filtered.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(limit).offset(offset);
  const page = ordered.select(['orders.id', 'orders.list_rev', 'orders.created_by', 'orders.created_at', 'orders.sla_due_at']);
  const totalColumn = total ? sql`, (${total}) as total` : sql``;
  if (pg) return pgPageOfCards(db, page, named, scope ? sql`${totalColumn}, (${scope}) as in_scope` : totalColumn);
  const r = await sql<PageRow>`select ${PAGE_AGGREGATES}, ${joinedSqlite(nowIso())} as body${totalColumn}
    from (${page}) o left join order_cards c on c.order_id = o.id left join users u on u.id = o.created_by`.execute(db);
  const row = r.rows[0]!;
  const counted = total ? { total: Number(row.total ?? 0) } : {};
  if (!Number(row.stale)) return { count: Number(row.n), body: pageBody(row.body), ...counted };
  return { ...(await pageBuiltHere(db, ordered)), ...counted };
}

/** A page's order as PostgreSQL lists it: id, revision, whether its SLA is overdue now, the creator's name. */
type PageEntry = [id: number, rev: number, overdue: boolean, creatorName: string];

/**
 * PostgreSQL: the page's orders as PageEntry, their cards from those this process keeps (decision
 * 206), the others read from order_cards (built and stored when stale) and kept. The creator's name is
 * a subquery a row: as a join, the planner hashed the whole users table for a page of 50 (decision 190).
 */
async function pgPageOfCards(db: DB, page: OrderQuery, named: boolean, columns: RawBuilder<unknown>): Promise<{ count: number; body: Buffer; total?: number; inScope?: number }> {
  const r = await sql<{ entries: string | null; total?: number | string | null; in_scope?: number | string | null }>`${named ? NAMED_ONE_PLAN : sql``}select
    json_agg(${pgEntry()} order by o.created_at desc, o.id desc)::text as entries${columns} from (${page}) o`.execute(db);
  const row = r.rows[0]!;
  return {
    ...(await pgCardsOfEntries(db, row.entries)),
    ...(row.total === undefined ? {} : { total: Number(row.total ?? 0) }),
    ...(row.in_scope === undefined ? {} : { inScope: Number(row.in_scope ?? 0) }),
  };
}

/** PostgreSQL: an order `o` of the page as PageEntry. */
const pgEntry = () => sql`json_build_array(o.id, o.list_rev, coalesce(o.sla_due_at < ${nowIso()}, false), (select ${creatorName} from users u where u.id = o.created_by))`;

/**
 * PostgreSQL: the entries (PageEntry, as JSON) of the vendor's orders (the owner's, when given) whose
 * ids the integer[] `ids` holds, in its order. The ids drive the read, each order looked up by key: with
 * the orders filtered by `id in (…)` and sorted, the one plan kept could walk the vendor's orders in
 * list order instead, 4.9 ms of PostgreSQL's CPU a page on a vendor of 5,000 orders (decision 211).
 */
const pgEntriesOf = (ids: RawBuilder<unknown>, vendorId: number, ownerId: number | null) =>
  sql`(select json_agg(${pgEntry()} order by j.n)::text from unnest(${ids}) with ordinality j(id, n)
    join orders o on o.id = j.id and o.vendor_id = ${vendorId}${ownerId === null ? sql`` : sql` and o.created_by = ${ownerId}`})`;

/** PostgreSQL: the page whose entries pgEntriesOf gave (null: none), as pageOfIds gives it. */
export const pgPageFromEntries = async (db: DB, entries: string | null) => (await pgCardsOfEntries(db, entries)).body;

/** The page's rows from its entries: the cards this process keeps, the others read (pgPageOfCards). */
async function pgCardsOfEntries(db: DB, json: string | null): Promise<{ count: number; body: Buffer }> {
  const entries = JSON.parse(json ?? '[]') as PageEntry[];
  const cards = entries.map(([id, rev]) => keptCard(id, rev));
  const missing = entries.filter((_, i) => !cards[i]).map(([id]) => id);
  if (missing.length) {
    const read = await cardsOfOrders(db, missing);
    entries.forEach(([id], i) => (cards[i] ??= read.get(id)));
  }
  // An order gone between the two statements is left out.
  const rows = entries.flatMap(([, , overdue, name], i) => (cards[i] ? [{ card: cards[i], overdue, name }] : []));
  return { count: entries.length, body: joinedRows(rows) };
}

/** These orders' current cards, from order_cards or built (and stored), each kept by this process. */
async function cardsOfOrders(db: DB, ids: number[]): Promise<Map<number, Buffer>> {
  const rows = await db.selectFrom('orders').leftJoin('order_cards as c', 'c.order_id', 'orders.id')
    .select(['orders.id', 'orders.list_rev', 'c.rev', 'c.card_key', 'c.card']).where('orders.id', 'in', ids).execute();
  const cards = await cardsOf(db, rows);
  const byId = new Map<number, Buffer>();
  rows.forEach((r, i) => {
    keepCard(r.id, cards[i]!.rev, cards[i]!.card);
    byId.set(r.id, cards[i]!.card);
  });
  return byId;
}

/**
 * The page of these orders of the vendor (the caller's own under data scope "own"), `ids` already in
 * list order, as pageOfCards gives it. The ids drive the read and the page keeps their order; an id
 * outside the scope is left out. On SQLite (decision 110) each order's revision, vendor and creator
 * come from the narrow orders_card_rev index, never its row.
 */
export async function pageOfIds(db: DB, vendorId: number, ownerId: number | null, ids: number[], pg: boolean): Promise<Buffer> {
  if (!ids.length) return Buffer.alloc(0);
  if (pg) return pgPageFromEntries(db, (await sql<{ entries: string | null }>`${NAMED_ONE_PLAN}select ${pgEntriesOf(sql`${ids}::integer[]`, vendorId, ownerId)} as entries`.execute(db)).rows[0]!.entries);
  const scoped = () => {
    const q = db.selectFrom('orders').where('orders.vendor_id', '=', vendorId).where('orders.id', 'in', ids);
    return ownerId === null ? q : q.where('orders.created_by', '=', ownerId);
  };
  const owner = ownerId === null ? sql`` : sql`and o.created_by = ${ownerId}`;
  // json_each drives the joins (cross join keeps it outermost), so the aggregate visits the ids in order.
  const r = await sql<PageRow>`select ${PAGE_AGGREGATES}, ${joinedSqlite(nowIso())} as body
    from json_each(${JSON.stringify(ids)}) j cross join orders o indexed by orders_card_rev on o.id = j.value and o.vendor_id = ${vendorId} ${owner}
    left join order_cards c on c.order_id = o.id left join users u on u.id = o.created_by`.execute(db);
  const row = r.rows[0]!;
  if (!Number(row.stale)) return pageBody(row.body);
  return (await pageBuiltHere(db, scoped().orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc'))).body;
}

const COMMA = Buffer.from(',');

/** The same page joined here, its stale cards built from the rows (and stored for the next call). */
async function pageBuiltHere(db: DB, page: OrderQuery): Promise<{ count: number; body: Buffer }> {
  const rows = await page
    .leftJoin('order_cards as c', 'c.order_id', 'orders.id')
    .leftJoin('users as u', 'u.id', 'orders.created_by')
    .select(['orders.id', 'orders.list_rev', 'c.rev', 'c.card_key', 'c.card', 'u.name', 'u.account', 'u.phone', 'orders.sla_due_at'])
    .execute();
  const cards = await cardsOf(db, rows);
  const now = nowIso();
  // The same test as the statements': the due time's text before now's.
  const joined = rows.map((o, i) => ({ card: cards[i]!.card, overdue: o.sla_due_at !== null && o.sla_due_at < now, name: accountName(o) }));
  return { count: rows.length, body: joinedRows(joined) };
}

/** The page's JSON rows joined by commas: each card with its SLA's `overdue` and its creator's name added (cardEnd). */
function joinedRows(rows: Array<{ card: Buffer; overdue: boolean; name: string }>): Buffer {
  const parts: Buffer[] = [];
  for (const { card, overdue, name } of rows) {
    if (parts.length) parts.push(COMMA);
    parts.push(card.subarray(0, -SLA_OPEN), Buffer.from(cardEnd(overdue, name)));
  }
  return Buffer.concat(parts);
}
