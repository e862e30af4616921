import { sql, type SelectQueryBuilder } from 'kysely';
import { PRICE_FIELDS } from '@portal/domain/enums';
import { yuanToFen } from '@portal/domain/money';
import type { ProductListQuery } from '@portal/domain/products';
import type { Database, DB, Tx } from '../../db/database';
import { nowIso } from '../../lib/time';
import { priceColumn } from '../../lib/product-row';
import { likePattern } from '../../lib/like';

type ProductQuery = SelectQueryBuilder<Database, 'products', object>;


/** Keyword conditions over the model name and the category names; case-insensitive on both dialects. */
export function keywordConditions(keywords: string, pg: boolean, extra: string[] = []) {
  const pattern = likePattern(keywords);
  const op = pg ? sql`ilike` : sql`like`;
  return [...['model_name', 'category_name', 'category_name_two', 'category_name_one'].map((c) => `products.${c}`), ...extra].map(
    (c) => sql<boolean>`${sql.ref(c)} ${op} ${pattern} escape '\\'`,
  );
}

/** The list filters of GET /api/app/products/list on top of a vendor's live products. */
export function applyListFilters(q: ProductQuery, f: ProductListQuery, pg: boolean): ProductQuery {
  if (f.categoryId) q = q.where('products.category_id', '=', f.categoryId);
  if (f.categoryId2) q = q.where('products.category_id_two', '=', f.categoryId2);
  if (f.categoryId1) q = q.where('products.category_id_one', '=', f.categoryId1);
  if (f.isCheck !== undefined) q = q.where('products.check_status', '=', f.isCheck);
  if (f.keywords) q = q.where((eb) => eb.or(keywordConditions(f.keywords!, pg)));
  const min = f.minPrice !== undefined && f.minPrice >= 0 ? yuanToFen(f.minPrice) : null;
  const max = f.maxPrice !== undefined && f.maxPrice >= 0 ? yuanToFen(f.maxPrice) : null;
  if (min !== null || max !== null) {
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
  return q;
}

export async function listProducts(db: DB, vendorId: number, ownerId: number | null, f: ProductListQuery, pg: boolean) {
  let base = db.selectFrom('products').where('products.vendor_id', '=', vendorId).where('products.deleted_at', 'is', null);
  if (ownerId !== null) base = base.where('products.created_by', '=', ownerId);
  base = applyListFilters(base, f, pg);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll('products')
      .orderBy('products.created_at', 'desc')
      .orderBy('products.id', 'desc')
      .limit(f.pageSize)
      .offset((f.pageNum - 1) * f.pageSize)
      .execute(),
  ]);
  return { rows, total: Number(total) };
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
