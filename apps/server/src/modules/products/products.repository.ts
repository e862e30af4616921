import { sql, type SelectQueryBuilder } from 'kysely';
import { yuanToFen } from '@portal/domain/money';
import type { ProductListQuery } from '@portal/domain/products';
import type { Database, DB, Tx } from '../../db/database';
import { nowIso } from '../../lib/time';
import type { ProductRecord } from '../../lib/product-row';
import { anyCaseOp, likePattern } from '../../lib/like';
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

/**
 * The product's text contains the keyword (decision 140): its vendor-scoped index narrows — SQLite's
 * product_grams, PostgreSQL's products_keys — and LIKE (ilike) confirms where the index is not exact.
 */
function keywordMatch(keyword: string, pg: boolean, vendorId: number) {
  if (pg) return sql<boolean>`vendor_text_keys(products.vendor_id, ${PRODUCT_TEXT_PG}) @> ${pgKeywordKeys(vendorId, keyword)} and ${likeKeyword(PRODUCT_TEXT_PG, keyword, true)}`;
  const { exact } = textGramsQuery(vendorId, keyword);
  const candidates = sql<boolean>`products.id in (select rowid & 4294967295 from product_grams where ${textGramsMatch('product_grams', vendorId, keyword)})`;
  return exact ? candidates : sql<boolean>`${candidates} and ${likeKeyword(PRODUCT_TEXT_SQLITE, keyword, false)}`;
}

/** The list filters of GET /api/app/products/list on top of a vendor's live products. */
export function applyListFilters(q: ProductQuery, f: ProductListQuery, pg: boolean, vendorId: number): ProductQuery {
  if (f.keywords) q = q.where(keywordMatch(f.keywords, pg, vendorId));
  if (f.categoryId) q = q.where('products.category_id', '=', f.categoryId);
  if (f.categoryId2) q = q.where('products.category_id_two', '=', f.categoryId2);
  if (f.categoryId1) q = q.where('products.category_id_one', '=', f.categoryId1);
  if (f.isCheck !== undefined) q = q.where('products.check_status', '=', f.isCheck);
  const range = priceRange(f);
  if (range) {
    // A product matches when any of its offered prices lies in the range: product_prices holds them, one
    // row a distinct price, looked up by product as the list is walked in order. `limit 1`: without it
    // SQLite 3.51's EXISTS semi-join counted a product with two prices in the range twice toward OFFSET,
    // so it began the next page too (product-price-pages.test.ts).
    q = q.where(({ exists, selectFrom }) => {
      let p = selectFrom('product_prices').select('product_prices.product_id').whereRef('product_prices.product_id', '=', 'products.id');
      if (range.min !== null) p = p.where('product_prices.price_fen', '>=', range.min);
      if (range.max !== null) p = p.where('product_prices.price_fen', '<=', range.max);
      return exists(p.limit(1));
    });
  }
  return q;
}

/** The vendor's live products with an offered price in the range, one product_prices row each (its highest price in the range). */
function pricedWithin(db: DB, vendorId: number, range: { min: number | null; max: number | null }) {
  let p = db.selectFrom('product_prices').where('product_prices.vendor_id', '=', vendorId);
  if (range.min !== null) p = p.where('product_prices.price_fen', '>=', range.min);
  if (range.max !== null) p = p.where('product_prices.price_fen', '<=', range.max).where((eb) => eb.or([eb('product_prices.next_fen', 'is', null), eb('product_prices.next_fen', '>', range.max!)]));
  else p = p.where('product_prices.next_fen', 'is', null);
  return p;
}

/**
 * The exact total from product_counts (unfiltered, or by review status) or product_category_counts (one
 * category), both kept by triggers (decisions 101, 204); undefined for any other filter.
 */
async function countedTotal(db: DB, vendorId: number, ownerId: number | null, f: ProductListQuery): Promise<number | undefined> {
  if (f.keywords || priceRange(f)) return undefined;
  const given = ([[1, f.categoryId1], [2, f.categoryId2], [3, f.categoryId]] as const).filter(([, id]) => id);
  if (given.length > 1) return undefined;
  let q = given.length
    ? db.selectFrom('product_category_counts as c').where('c.level', '=', given[0]![0]).where('c.category_id', '=', given[0]![1]!)
    : db.selectFrom('product_counts as c');
  q = q.where('c.vendor_id', '=', vendorId);
  if (ownerId !== null) q = q.where('c.created_by', '=', ownerId);
  if (f.isCheck !== undefined) q = q.where('c.check_status', '=', f.isCheck);
  return Number((await q.select(sql<number | string | null>`sum(c.n)`.as('n')).executeTakeFirstOrThrow()).n ?? 0);
}

/** A page of the list, its total, and whether more than `total` products match (decision 132's bound). */
export interface ProductPage {
  rows: ProductRecord[];
  total: number;
  bounded: boolean;
}

/**
 * GET /api/app/products/list (decision 230): a page of the vendor's live products, newest first, in one
 * statement, and its total in one more: exact from the counts tables unfiltered, by review status or by
 * one category; otherwise the matches counted up to `totalBound` + 1, more answering `totalBound`, bounded.
 */
export async function listProducts(db: DB, vendorId: number, ownerId: number | null, f: ProductListQuery, pg: boolean, totalBound: number): Promise<ProductPage> {
  // A keyword on SQLite drives the read from its FTS5 index, whose rowid is the list key (decision 232).
  const viaIndex = Boolean(f.keywords) && !pg;
  let base = liveProducts(db, vendorId, ownerId) as ProductQuery;
  if (viaIndex) {
    base = db.selectFrom(sql<{ rowid: number }>`product_grams`.as('g')).innerJoin('products', (j) => j.on(sql<boolean>`products.id = (g.rowid & 4294967295)`))
      .where(textGramsMatch('product_grams', vendorId, f.keywords!)).where('products.vendor_id', '=', vendorId).where('products.deleted_at', 'is', null) as unknown as ProductQuery;
    if (ownerId !== null) base = base.where('products.created_by', '=', ownerId);
    if (!textGramsQuery(vendorId, f.keywords!).exact) base = base.where(likeKeyword(PRODUCT_TEXT_SQLITE, f.keywords!, false));
  }
  const filtered = applyListFilters(base, viaIndex ? { ...f, keywords: undefined } : f, pg, vendorId);
  const ordered = viaIndex ? filtered.orderBy(sql`g.rowid`, 'desc') : filtered.orderBy('products.created_at', 'desc').orderBy('products.id', 'desc');
  const [rows, exact] = await Promise.all([
    ordered.selectAll('products').limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize).execute(),
    countedTotal(db, vendorId, ownerId, f),
  ]);
  if (exact !== undefined) return { rows, total: exact, bounded: false };
  // An exact keyword alone on SQLite is counted in its index alone: its tokens carry the vendor, and it
  // holds live products only (migration 2026-12-10-010).
  const alone = viaIndex && ownerId === null && textGramsQuery(vendorId, f.keywords!).exact && !f.categoryId && !f.categoryId1 && !f.categoryId2 && f.isCheck === undefined && !priceRange(f);
  // A price range alone is counted in product_prices alone: of a product's prices in the range only the
  // highest has no next price (next_fen) inside it, so each product counts once (decision 141).
  const range = priceRange(f);
  const rangeAlone = range && !f.keywords && ownerId === null && !f.categoryId && !f.categoryId1 && !f.categoryId2 && f.isCheck === undefined;
  const upTo = (q: SelectQueryBuilder<Database, any, object>) => db.selectFrom(q.select(sql<number>`1`.as('one')).limit(totalBound + 1).as('m')).select((eb) => eb.fn.countAll<number>().as('n'));
  const counted = alone
    ? upTo(db.selectFrom(sql<{ rowid: number }>`product_grams`.as('x')).where(textGramsMatch('product_grams', vendorId, f.keywords!)))
    : rangeAlone
      ? upTo(pricedWithin(db, vendorId, range))
      : upTo(filtered);
  const n = Number((await counted.executeTakeFirstOrThrow()).n);
  return { rows, total: Math.min(n, totalBound), bounded: n > totalBound };
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
