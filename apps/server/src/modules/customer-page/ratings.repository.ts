import { sql } from 'kysely';
import type { DB, Tx } from '../../db/database';

// SQL of the customers' ratings (issue 47, decision 264).

/** The one rating of an order: undefined when it was rated before (the primary key decides, under any concurrency). */
export const insertRating = (tx: Tx, v: { order_id: number; vendor_id: number; score: number; tags: string; comment: string; photos: string; created_at: string }) =>
  tx.insertInto('order_ratings').values(v).onConflict((oc) => oc.column('order_id').doNothing()).returning('order_id').executeTakeFirst();

/** 满意度 on the order itself, in the rating's transaction: what the order list shows and filters. */
export const setOrderRating = (tx: Tx, orderId: number, score: number) => tx.updateTable('orders').set({ customer_rating: score }).where('id', '=', orderId).execute();

export const findRating = (db: DB | Tx, orderId: number) => db.selectFrom('order_ratings').selectAll().where('order_id', '=', orderId).executeTakeFirst();

/** Customer photos: uploads of the order's vendor in the customers' folder. */
export async function ownCustomerPhotos(db: DB | Tx, vendorId: number, paths: string[]) {
  if (!paths.length) return true;
  const rows = await db.selectFrom('files').select('path').where('vendor_id', '=', vendorId).where('dir', '=', 'customer').where('path', 'in', paths).execute();
  return rows.length === new Set(paths).size;
}

/** One more upload of this link's customer, while fewer than `max` were made; false when the cap is reached. */
export async function countUpload(db: DB, orderId: number, max: number) {
  const r = await db
    .updateTable('customer_links')
    .set({ uploads: sql<number>`uploads + 1` })
    .where('order_id', '=', orderId)
    .where('uploads', '<', max)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Ratings of the vendor's orders (the owner's, when given) since `since`: count and average by
 * service type, and by product model (an order counts once per model it holds), most rated first.
 */
export async function ratingAverages(db: DB, vendorId: number, ownerId: number | null, since: string | null, models = 10) {
  let base = db.selectFrom('order_ratings as r').innerJoin('orders as o', 'o.id', 'r.order_id').where('r.vendor_id', '=', vendorId);
  if (ownerId !== null) base = base.where('o.created_by', '=', ownerId);
  if (since) base = base.where('r.created_at', '>=', since);
  const count = sql<number>`count(*)`;
  const average = sql<number>`avg(r.score * 1.0)`;
  const [byType, byModel] = await Promise.all([
    base.select(['o.service_type', count.as('n'), average.as('avg')]).groupBy('o.service_type').orderBy('o.service_type').execute(),
    db
      .selectFrom(
        base
          .innerJoin('order_products as p', 'p.order_id', 'r.order_id')
          .select(['r.order_id', 'r.score', 'p.model_name'])
          .groupBy(['r.order_id', 'r.score', 'p.model_name'])
          .as('x'),
      )
      .select(['x.model_name', sql<number>`count(*)`.as('n'), sql<number>`avg(x.score * 1.0)`.as('avg')])
      .groupBy('x.model_name')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('x.model_name')
      .limit(models)
      .execute(),
  ]);
  return {
    byType: byType.map((r) => ({ serviceType: r.service_type, count: Number(r.n), average: Number(r.avg) })),
    byModel: byModel.map((r) => ({ modelName: r.model_name, count: Number(r.n), average: Number(r.avg) })),
  };
}
