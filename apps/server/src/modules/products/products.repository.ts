import { sql, type AliasableExpression, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { PRICE_FIELDS } from '@portal/domain/enums';
import { yuanToFen } from '@portal/domain/money';
import type { ProductListQuery } from '@portal/domain/products';
import type { Database, DB, Tx } from '../../db/database';
import { NAMED, NAMED_ONE_PLAN } from '../../db/pg-prepared';
import { nowIso } from '../../lib/time';
import { priceColumn, type ProductRecord } from '../../lib/product-row';
import { anyCaseOp, likePattern } from '../../lib/like';
import { boundedTotal, listKey } from '../../lib/bounded-lately';
import { notePlanHint, planHint } from '../../lib/read-plan-hints';
import { keepKeywordCount, keptKeywordCount } from '../../lib/keyword-counts-kept';
import { likeKeyword, pgKeywordKeys, textGramsMatch, textGramsQuery } from '../../lib/keyword-index';

type ProductQuery = SelectQueryBuilder<Database, 'products', object>;


/** Keyword conditions over the model name and the category names; case-insensitive on both dialects. */
export function keywordConditions(keywords: string, pg: boolean, extra: string[] = []) {
  const pattern = likePattern(keywords);
  const op = anyCaseOp(keywords, pg);
  return [...['model_name', 'category_name', 'category_name_two', 'category_name_one'].map((c) => `products.${c}`), ...extra].map(
    (c) => sql<boolean>`${sql.ref(c)} ${op} ${pattern} escape '\\'`,
  );
}

/** The prices in fen of a list query's range (negative bounds are no bound). */
function priceRange(f: ProductListQuery) {
  const min = f.minPrice !== undefined && f.minPrice >= 0 ? yuanToFen(f.minPrice) : null;
  const max = f.maxPrice !== undefined && f.maxPrice >= 0 ? yuanToFen(f.maxPrice) : null;
  return min === null && max === null ? null : { min, max };
}

/** A product's searched text on PostgreSQL: the expression its GIN index products_keys is built on (migration 2026-12-10-010). */
const PRODUCT_TEXT_PG = sql`products.model_name || chr(31) || products.category_name || chr(31) || products.category_name_two || chr(31) || products.category_name_one`;
/** The same text on SQLite, which product_grams indexes (migration 2026-12-10-010). */
const PRODUCT_TEXT_SQLITE = sql`products.model_name || char(31) || products.category_name || char(31) || products.category_name_two || char(31) || products.category_name_one`;

/** How the list reads a price range (decision 141): test each product of the list in order, or look the prices up. */
type PriceMatching = 'columns' | 'prices';

/** The list filters of GET /api/app/products/list on top of a vendor's live products, but the keyword (listProducts applies it). */
export function applyListFilters(q: ProductQuery, f: ProductListQuery, pg: boolean, vendorId: number, prices: PriceMatching = 'columns'): ProductQuery {
  if (f.categoryId) q = q.where('products.category_id', '=', f.categoryId);
  if (f.categoryId2) q = q.where('products.category_id_two', '=', f.categoryId2);
  if (f.categoryId1) q = q.where('products.category_id_one', '=', f.categoryId1);
  if (f.isCheck !== undefined) q = q.where('products.check_status', '=', f.isCheck);
  const range = priceRange(f);
  if (range) {
    const { min, max } = range;
    if (prices === 'prices') {
      // The product_prices index: the vendor's prices in the range.
      q = q.where('products.id', 'in', (eb) => {
        let p = eb.selectFrom('product_prices').select('product_prices.product_id').where('product_prices.vendor_id', '=', vendorId);
        if (min !== null) p = p.where('product_prices.price_fen', '>=', min);
        if (max !== null) p = p.where('product_prices.price_fen', '<=', max);
        return p;
      });
    } else {
      // A product matches when any of its offered prices lies in the range.
      q = q.where((eb) =>
        eb.or(
          PRICE_FIELDS.map((f) => {
            const col = `products.${priceColumn(f)}` as const;
            const parts = [eb(col, 'is not', null)];
            if (min !== null) parts.push(eb(col, '>=', min));
            if (max !== null) parts.push(eb(col, '<=', max));
            return eb.and(parts);
          }),
        ),
      );
    }
  }
  return q;
}

/** Live products of the vendor (the caller's own under data scope "own") in product_counts, by review status: sum(n). */
function productCountsQuery(db: DB, vendorId: number, ownerId: number | null, checkStatus?: number) {
  let q = db.selectFrom('product_counts').select(sql<number | string | null>`sum(n)`.as('n')).where('product_counts.vendor_id', '=', vendorId);
  if (ownerId !== null) q = q.where('product_counts.created_by', '=', ownerId);
  if (checkStatus !== undefined) q = q.where('product_counts.check_status', '=', checkStatus);
  return q;
}

/** The list's one category filter as product_category_counts keys it (level 1 top, 3 deepest); null for none or several. */
function categoryFilter(f: ProductListQuery): { level: number; id: number } | null {
  const given = ([[1, f.categoryId1], [2, f.categoryId2], [3, f.categoryId]] as const).filter(([, id]) => id);
  return given.length === 1 ? { level: given[0]![0], id: given[0]![1]! } : null;
}

/** Live products of the vendor in one category (the caller's own under data scope "own") in product_category_counts, by review status: sum(n). */
function categoryCountsQuery(db: DB, vendorId: number, ownerId: number | null, category: { level: number; id: number }, checkStatus?: number) {
  let q = db.selectFrom('product_category_counts').select(sql<number | string | null>`sum(n)`.as('n'))
    .where('product_category_counts.vendor_id', '=', vendorId).where('product_category_counts.level', '=', category.level).where('product_category_counts.category_id', '=', category.id);
  if (ownerId !== null) q = q.where('product_category_counts.created_by', '=', ownerId);
  if (checkStatus !== undefined) q = q.where('product_category_counts.check_status', '=', checkStatus);
  return q;
}

/** Live products of the vendor (the caller's own under data scope "own") counted from product_counts, by review status. */
async function countedProducts(db: DB, vendorId: number, ownerId: number | null, checkStatus?: number): Promise<number> {
  return Number((await productCountsQuery(db, vendorId, ownerId, checkStatus).modifyFront(NAMED).executeTakeFirstOrThrow()).n ?? 0);
}

/**
 * The vendor's products with an offered price in the range, one product_prices row each: of a product's
 * prices in the range, only its highest has no next price inside the range.
 */
function pricedWithin(db: DB, vendorId: number, range: { min: number | null; max: number | null }) {
  let p = db.selectFrom('product_prices').where('product_prices.vendor_id', '=', vendorId);
  if (range.min !== null) p = p.where('product_prices.price_fen', '>=', range.min);
  if (range.max !== null) p = p.where('product_prices.price_fen', '<=', range.max).where((eb) => eb.or([eb('product_prices.next_fen', 'is', null), eb('product_prices.next_fen', '>', range.max!)]));
  else p = p.where('product_prices.next_fen', 'is', null);
  return p;
}

/** How many of the vendor's products have an offered price in the range, up to `upTo`, from product_prices alone. */
function productsPricedWithin(db: DB, vendorId: number, range: { min: number | null; max: number | null }, upTo: number) {
  return db.selectFrom(pricedWithin(db, vendorId, range).select('product_prices.product_id').limit(upTo).as('m')).select((eb) => eb.fn.countAll<number>().as('n'));
}

/**
 * The products of a page whose ids (`id`) and times (`created_at`) another statement chose, in the list's
 * order: only the page's rows are read (decisions 203, 205). Named with one plan on PostgreSQL.
 */
function productsOfPage(db: DB, page: SelectQueryBuilder<Database, any, { id: number; created_at: string | null }>) {
  return db.selectFrom(page.as('k')).innerJoin('products', 'products.id', 'k.id').selectAll('products')
    .orderBy('k.created_at', 'desc').orderBy('k.id', 'desc').modifyFront(NAMED_ONE_PLAN);
}

/** From this offset on, PostgreSQL's unfiltered page reads its ids before its rows (decision 203). */
const DEEP_OFFSET = 300;

// Rough costs (µs) to choose how a price range's page is read (decision 141).
const WALK_US = 1; // a product of the list read in order and its prices tested
const LOOKUP_US = 2; // a product found through product_prices, read and sorted

/** A page of the list, its total, and whether more than `total` products match (decision 132's bound). */
export interface ProductPage {
  rows: ProductRecord[];
  total: number;
  bounded: boolean;
}

// A keyword alone with at most this many matches keeps every match's id with its count (decisions 210, 213).
const KEPT_IDS_MAX = 2_000;

/** A keyword alone as this process keeps it (decisions 208, 213): its bounded count, the vendor's live products, and every match's id when few. */
interface KeywordKept {
  matches: number;
  inScope: number;
  ids?: Int32Array;
}

/** The sum of a vendor's revision slots, as text on PostgreSQL (a bigint sum), as it is compared. */
const revisionSum = (pg: boolean) => (pg ? sql`coalesce(sum(rev), 0)::text` : sql`coalesce(sum(rev), 0)`);

/** The vendor's product search revision (decision 208): the sum of its slots. Named with one plan on PostgreSQL. */
async function productSearchRevision(db: DB, vendorId: number, pg: boolean): Promise<string> {
  const r = await sql<{ rev: string | number }>`${NAMED_ONE_PLAN}select ${revisionSum(pg)} as rev from product_search_revisions where vendor_id = ${vendorId}`.execute(db);
  return String(r.rows[0]!.rev);
}

/**
 * A keyword alone (decisions 208, 213): what this process kept of it while the vendor's search revision
 * stands, read by a statement of the revision alone (named; a statement with the count in it was planned
 * on every call, ~1.5 ms of PostgreSQL's CPU). Otherwise its bounded count `count`, the vendor's live
 * products and the revision in one statement, with every match's id in list order (`ids`, up to
 * KEPT_IDS_MAX + 1) when they were kept before or the count says they are few (then a second
 * statement, with the count again, so that both are of one revision).
 */
async function keptKeyword(db: DB, vendorId: number, keyword: string, pg: boolean, count: AliasableExpression<unknown>, ids: RawBuilder<unknown>): Promise<KeywordKept> {
  const kept = keptKeywordCount('products', vendorId, keyword);
  if (kept && (await productSearchRevision(db, vendorId, pg)) === kept.rev) return kept;
  const read = async (withIds: boolean) => {
    const r = await sql<{ rev: string | number; n: number | string | null; ids: number[] | string | null; in_scope: number | string | null }>`select r.rev, ${count} as n,
      ${withIds ? ids : sql`null`} as ids, ${productCountsQuery(db, vendorId, null)} as in_scope
      from (select ${revisionSum(pg)} as rev from product_search_revisions where vendor_id = ${vendorId}) r`.execute(db);
    const row = r.rows[0]!;
    const all = row.ids === null ? null : typeof row.ids === 'string' ? (JSON.parse(row.ids) as number[]) : row.ids;
    const n = Number(row.n ?? 0);
    const k: KeywordKept & { rev: string } = { rev: String(row.rev), matches: n, inScope: Number(row.in_scope ?? 0), ...(all && all.length <= KEPT_IDS_MAX ? { ids: Int32Array.from(all) } : {}) };
    keepKeywordCount('products', vendorId, keyword, k);
    return k;
  };
  const first = await read(Boolean(kept?.ids));
  return first.ids || first.matches === 0 || first.matches > KEPT_IDS_MAX ? first : read(true);
}

/** The products of these ids (a page of kept ids, in list order), in that order. */
async function productsByIds(db: DB, vendorId: number, ids: number[], pg: boolean): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  const q = db.selectFrom('products').selectAll().where('products.vendor_id', '=', vendorId).where('products.deleted_at', 'is', null);
  const rows = await (pg ? q.where(sql<boolean>`products.id = any(${ids}::integer[])`).modifyFront(NAMED_ONE_PLAN) : q.where('products.id', 'in', ids)).execute();
  const at = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
}

/**
 * GET /api/app/products/list (decisions 140, 141): a page of the vendor's live products, newest first,
 * and its total. Unfiltered (or by review status only) the total comes from product_counts; with a
 * keyword, category or price range it is counted up to `totalBound` + 1, more answering `totalBound`,
 * bounded. A keyword is read from its index (SQLite's product_grams drives the page, newest first;
 * PostgreSQL's products_keys narrows), a price range from product_prices or by testing each product in
 * list order, whichever reads fewer rows.
 */
export async function listProducts(db: DB, vendorId: number, ownerId: number | null, f: ProductListQuery, pg: boolean, totalBound: number): Promise<ProductPage> {
  const offset = (f.pageNum - 1) * f.pageSize;
  const range = priceRange(f);
  const byCategory = Boolean(f.categoryId || f.categoryId2 || f.categoryId1);
  // A keyword alone: no other filter, no "own" scope (its count and ids kept, decision 213).
  const alone = ownerId === null && !byCategory && f.isCheck === undefined && !range;
  // A list counted past the bound in the last minute answers the bound without counting (decision 186).
  const key = listKey('products', vendorId, ownerId, f);
  const { counted, count: boundedCount, pastBound, inScope: inScopeLately } = boundedTotal(key, totalBound);
  let live = db.selectFrom('products').where('products.vendor_id', '=', vendorId).where('products.deleted_at', 'is', null);
  if (ownerId !== null) live = live.where('products.created_by', '=', ownerId);
  const newestFirst = (q: ProductQuery) => q.selectAll('products').orderBy('products.created_at', 'desc').orderBy('products.id', 'desc').limit(f.pageSize).offset(offset);
  // The vendor's newest products without any filter: one plan fits every vendor, named on PostgreSQL
  // and kept (decisions 189, 198). A filter's plan depends on its value (a review status, a partial index).
  const named = !f.keywords && !byCategory && !range && f.isCheck === undefined && ownerId === null;
  /** How many products `q` matches, counted up to `upTo`: a statement of its own, or a subquery of another. */
  const countOf = (q: ProductQuery, upTo: number) => db.selectFrom(q.select('products.id').limit(upTo).as('m')).select((eb) => eb.fn.countAll<number>().as('n'));
  const countUpTo = async (q: ProductQuery, upTo: number) => Number((await countOf(q, upTo).executeTakeFirstOrThrow()).n);
  // A keyword's or price range's bounded count and the products in scope (which choose how the page is
  // read) in one statement: a round trip fewer on PostgreSQL (decision 195). A count skipped as lately
  // past the bound takes the scope noted with the bound (decision 214), or reads it alone.
  const countAndScope = async (count: AliasableExpression<unknown>): Promise<[number, number]> => {
    if (pastBound) return [totalBound + 1, inScopeLately ?? (await countedProducts(db, vendorId, ownerId, f.isCheck))];
    const r = await db.selectNoFrom([count.as('n'), productCountsQuery(db, vendorId, ownerId, f.isCheck).as('in_scope')]).executeTakeFirstOrThrow();
    return [Number(r.n ?? 0), Number(r.in_scope ?? 0)];
  };
  // A page that is not full is the last one: it tells the exact total.
  const lastPage = (rows: unknown[]) => (rows.length < f.pageSize && (rows.length > 0 || offset === 0) ? offset + rows.length : null);

  if (f.keywords && !pg) {
    // SQLite: the keyword's candidates in product_grams, newest first (rowid is the list key), each
    // joined to its product for the recheck and the other filters: the index walks its candidates,
    // never the vendor's products. One or two characters need no recheck.
    const { exact } = textGramsQuery(vendorId, f.keywords);
    const match = textGramsMatch('product_grams', vendorId, f.keywords);
    let joined = db.selectFrom(sql<{ rowid: number }>`product_grams`.as('g')).crossJoin('products') // a cross join keeps the index the outer loop
      .where(sql<boolean>`products.id = (g.rowid & 4294967295)`).where(match)
      .where('products.vendor_id', '=', vendorId).where('products.deleted_at', 'is', null) as unknown as ProductQuery;
    if (ownerId !== null) joined = joined.where('products.created_by', '=', ownerId);
    if (!exact) joined = joined.where(likeKeyword(PRODUCT_TEXT_SQLITE, f.keywords, false));
    const filtered = applyListFilters(joined, { ...f, keywords: undefined }, pg, vendorId);
    // Exact matches without other filters are counted in the index alone.
    const plainCount = sql`(select count(*) from (select 1 from product_grams where ${match} limit ${totalBound + 1}))`;
    const kept = alone && !pastBound
      ? await keptKeyword(db, vendorId, f.keywords, pg, exact ? plainCount : countOf(filtered, totalBound + 1),
        sql`(select json_group_array(m.id order by m.k desc) from ${filtered.select(['products.id', sql<number>`g.rowid`.as('k')]).orderBy(sql`g.rowid`, 'desc').limit(KEPT_IDS_MAX + 1)} m)`)
      : undefined;
    if (kept?.ids) return { rows: await productsByIds(db, vendorId, Array.from(kept.ids.subarray(offset, offset + f.pageSize)), pg), ...counted(kept.matches) };
    const rows = (await filtered.selectAll('products').orderBy(sql`g.rowid`, 'desc').limit(f.pageSize).offset(offset).execute()) as ProductRecord[];
    const last = lastPage(rows);
    if (last !== null) return { rows, ...counted(last) };
    const n = kept?.matches ?? await boundedCount(async () => exact && alone
      ? Number((await sql<{ n: number }>`select ${plainCount} as n`.execute(db)).rows[0]?.n ?? 0)
      : countUpTo(filtered, totalBound + 1));
    return { rows, ...counted(n) };
  }

  if (f.keywords) {
    // PostgreSQL: the GIN index products_keys narrows, ilike confirms. One or two characters are exact
    // in the index, so without other filters they are counted by it alone (a bitmap scan that skips
    // the all-visible heap pages). The page then walks the list in order testing ilike alone when the
    // matches are dense, or reads the index's matches and sorts them when they are few.
    const kw = f.keywords;
    const keys = sql<boolean>`vendor_text_keys(products.vendor_id, ${PRODUCT_TEXT_PG}) @> ${pgKeywordKeys(vendorId, kw)}`;
    const like = likeKeyword(PRODUCT_TEXT_PG, kw, true);
    const others = applyListFilters(live, f, pg, vendorId);
    const plain = Array.from(kw).length <= 2 && alone;
    const count = plain
      ? sql<number>`(select count(*) from (select 1 from products where ${keys} and products.deleted_at is null limit ${totalBound + 1}) m)`
      : countOf(others.where(keys).where(like), totalBound + 1);
    const ids = sql`array(${others.where(keys).where(like).select('products.id').orderBy('products.created_at', 'desc').orderBy('products.id', 'desc').limit(KEPT_IDS_MAX + 1)})`;
    const kept = alone && !pastBound ? await keptKeyword(db, vendorId, kw, pg, count, ids) : undefined;
    if (kept?.ids) return { rows: await productsByIds(db, vendorId, Array.from(kept.ids.subarray(offset, offset + f.pageSize)), pg), ...counted(kept.matches) };
    const [n, inScope] = kept ? [kept.matches, kept.inScope] : await countAndScope(count);
    if (n === 0) return { rows: [], total: 0, bounded: false };
    const toWalk = ((offset + f.pageSize) * Math.max(inScope, n)) / n;
    const walk = WALK_US * toWalk <= LOOKUP_US * Math.min(n, totalBound + 1);
    // The walk of a keyword alone is named with one plan, that walk (decision 215); read from the keys'
    // index, the plan depends on the keyword.
    const rows = await newestFirst(walk ? (alone ? others.where(like).modifyFront(NAMED_ONE_PLAN) : others.where(like)) : others.where(keys).where(like)).execute();
    return { rows, ...counted(n, inScope) };
  }

  if (range) {
    // A price range: count the matches (bounded), then read the page the cheaper way.
    const plain = ownerId === null && !byCategory && f.isCheck === undefined;
    const count = plain ? productsPricedWithin(db, vendorId, range, totalBound + 1) : countOf(applyListFilters(live, f, pg, vendorId, 'prices'), totalBound + 1);
    const matchingFor = (n: number, inScope: number): PriceMatching =>
      WALK_US * (((offset + f.pageSize) * Math.max(inScope, n)) / n) <= LOOKUP_US * Math.min(n, totalBound + 1) ? 'columns' : 'prices';
    const pageOf = (matching: PriceMatching) => {
      if (!plain) return newestFirst(applyListFilters(live, f, pg, vendorId, matching));
      // A dense range walks the vendor's list in order testing the prices: named with one plan, that
      // walk (planned on each call, planning cost PostgreSQL 0.34 ms of the page's 0.41; decision 215).
      if (matching === 'columns') return newestFirst(applyListFilters(live, f, pg, vendorId, matching).modifyFront(NAMED_ONE_PLAN));
      // The matches sorted newest first in product_prices itself, which carries each product's
      // created_at: only the page's products are read (decision 205). Named with one plan: this path
      // is taken for few matches only, so the same plan fits every range; planned on each call it
      // cost PostgreSQL ~0.27 ms of its 0.38.
      const page = pricedWithin(db, vendorId, range).select(['product_prices.product_id as id', 'product_prices.created_at'])
        .orderBy('product_prices.created_at', 'desc').orderBy('product_prices.product_id', 'desc').limit(f.pageSize).offset(offset);
      return productsOfPage(db, page);
    };
    // A range counted lately is read as that count chose, its count and scope columns of the page's own
    // statement (decision 215); past the bound lately, with the scope noted then and no count (decision 214).
    const lately = pastBound ? (inScopeLately === undefined ? undefined : { matches: totalBound + 1, inScope: inScopeLately }) : planHint(key);
    if (lately) {
      const q = pageOf(matchingFor(lately.matches, lately.inScope));
      if (pastBound) return { rows: await q.execute(), ...counted(totalBound + 1) };
      const rows = await q.select([count.as('list_total'), productCountsQuery(db, vendorId, ownerId, f.isCheck).as('list_scope')]).execute();
      if (rows.length || offset === 0) {
        const [n, inScope] = rows.length ? [Number(rows[0]!.list_total ?? 0), Number(rows[0]!.list_scope ?? 0)] : [0, lately.inScope];
        notePlanHint(key, n, inScope);
        return { rows, ...counted(n, inScope) };
      }
      // A later page past the last one has no row to carry the count: counted on its own below.
    }
    const [n, inScope] = await countAndScope(count);
    if (!pastBound) notePlanHint(key, n, inScope);
    if (n === 0) return { rows: [], total: 0, bounded: false };
    const rows = await pageOf(matchingFor(n, inScope)).execute();
    return { rows, ...counted(n, inScope) };
  }

  const filtered = applyListFilters(live, f, pg, vendorId);
  const unbounded = !f.keywords && !byCategory && !range;
  // A single category's total is exact from product_category_counts (decision 204), as the unfiltered
  // one is from product_counts: neither is counted nor bounded.
  const category = !f.keywords && !range ? categoryFilter(f) : null;
  const exact = unbounded || category !== null;
  const exactTotal = () => (unbounded ? productCountsQuery(db, vendorId, ownerId, f.isCheck) : categoryCountsQuery(db, vendorId, ownerId, category!, f.isCheck));
  const exactCount = async () => Number((await exactTotal().executeTakeFirstOrThrow()).n ?? 0);
  if (pg) {
    // The unfiltered page, named. Past its first pages, its ids come from the list's covering index
    // first (an index-only scan, the offset included), then only their rows: `select *` with an offset
    // read every skipped product's row (page 500 of the bench: PostgreSQL 0.97 → 0.26 ms a call). The
    // join costs ~0.04 ms, ~300 skipped rows' worth, so the first pages read their rows directly. A
    // filtered page is planned on every call: there the join cost more to plan than it saved (decision 203).
    const newestNamed = (q: ProductQuery) => {
      if (offset < DEEP_OFFSET) return newestFirst(q.modifyFront(NAMED_ONE_PLAN));
      return productsOfPage(db, q.select(['products.id', 'products.created_at']).orderBy('products.created_at', 'desc').orderBy('products.id', 'desc').limit(f.pageSize).offset(offset));
    };
    // PostgreSQL: the total a column of the page's own statement, a round trip fewer: product_counts'
    // sum unfiltered (decision 192), the bounded count of a category (decision 195). An empty page has
    // no row to carry it: the first page then means none, a later one counts on its own.
    if (!exact && pastBound) return { rows: await newestFirst(filtered).execute(), ...counted(totalBound + 1) };
    const total = exact ? exactTotal() : countOf(filtered, totalBound + 1);
    // One category's first pages are named too: its one plan walks that category's own list index in
    // order, whichever category (planned on each call, planning cost ~0.19 ms of the page's ~0.28; decision 215).
    const categoryNamed = category !== null && offset < DEEP_OFFSET;
    const page = named ? newestNamed(filtered) : categoryNamed ? newestFirst(filtered.modifyFront(NAMED_ONE_PLAN)) : newestFirst(filtered);
    const rows = await page.select(total.as('list_total')).execute();
    const countAlone = () => (exact ? exactCount() : countUpTo(filtered, totalBound + 1));
    const n = rows.length ? Number(rows[0]!.list_total ?? 0) : offset === 0 ? 0 : await countAlone();
    return exact ? { rows, total: n, bounded: false } : { rows, ...counted(n) };
  }
  const rows = await newestFirst(filtered).execute();
  const last = lastPage(rows);
  if (last !== null) return exact ? { rows, total: last, bounded: false } : { rows, ...counted(last) };
  if (exact) return { rows, total: await exactCount(), bounded: false };
  return { rows, ...counted(await boundedCount(() => countUpTo(filtered, totalBound + 1))) };
}

/**
 * Live products of this vendor (and of `ownerId` when the caller sees only its own): another
 * vendor's id looks exactly like a missing one.
 */
function liveProducts(db: DB | Tx, vendorId: number, ownerId: number | null) {
  let q = db.selectFrom('products').where('vendor_id', '=', vendorId).where('deleted_at', 'is', null);
  if (ownerId !== null) q = q.where('created_by', '=', ownerId);
  return q;
}

export const findProduct = (db: DB | Tx, vendorId: number, ownerId: number | null, id: number) =>
  liveProducts(db, vendorId, ownerId).selectAll().where('id', '=', id).executeTakeFirst();

export const findProducts = (db: DB | Tx, vendorId: number, ownerId: number | null, ids: number[]) =>
  liveProducts(db, vendorId, ownerId).select(['id', 'model_name', 'category_name']).where('id', 'in', ids).execute();

export const softDeleteProducts = (db: DB | Tx, vendorId: number, ids: number[]) =>
  db.updateTable('products').set({ deleted_at: nowIso() }).where('id', 'in', ids).where('vendor_id', '=', vendorId).where('deleted_at', 'is', null).executeTakeFirst();
