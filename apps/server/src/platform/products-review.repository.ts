import type { Updateable } from 'kysely';
import { PRODUCT_CHECK } from '@portal/domain/enums';
import type { DB } from '../db/database';
import type { ProductsTable } from '../db/schema/products';
import { keywordConditions } from '../modules/products/products.repository';

// The console's product review (products-review.service.ts): every vendor's live products.

const live = (db: DB) => db.selectFrom('products').innerJoin('vendors', 'vendors.id', 'products.vendor_id').where('products.deleted_at', 'is', null);

/** A live product of any vendor with the vendor's company. */
export const findReviewProduct = (db: DB, id: number) =>
  live(db).selectAll('products').select('vendors.company as vendor_company').where('products.id', '=', id).executeTakeFirst();

export type ReviewProductRow = NonNullable<Awaited<ReturnType<typeof findReviewProduct>>>;

/** One page of live products (awaiting review: oldest first; otherwise newest first) and their count. */
export async function pageReviewProducts(db: DB, pg: boolean, q: { checkStatus?: number; keywords?: string; limit: number; offset: number }) {
  let base = live(db);
  if (q.checkStatus !== undefined) base = base.where('products.check_status', '=', q.checkStatus);
  if (q.keywords) {
    const conditions = keywordConditions(q.keywords, pg, ['vendors.company']);
    base = base.where((eb) => eb.or(conditions));
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll('products')
      .select('vendors.company as vendor_company')
      .orderBy('products.created_at', q.checkStatus === PRODUCT_CHECK.reviewing ? 'asc' : 'desc')
      .orderBy('products.id', 'asc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
  ]);
  return { rows, total: Number(total) };
}

/** The decision, only while the product is still under review: answers false when another came first. */
export const decideProduct = async (db: DB, id: number, set: Updateable<ProductsTable>) =>
  Number(
    (await db.updateTable('products').set(set).where('id', '=', id).where('check_status', '=', PRODUCT_CHECK.reviewing).where('deleted_at', 'is', null).executeTakeFirst()).numUpdatedRows,
  ) > 0;
