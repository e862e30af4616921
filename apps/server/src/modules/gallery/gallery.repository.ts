import { sql } from 'kysely';
import type { GalleryListQuery, GalleryRow } from '@portal/domain/after-sales';
import { ORDER_STATUS } from '@portal/domain/enums';
import type { DB } from '../../db/database';
import { fromShanghai, toShanghai, untilShanghai } from '../../lib/time';
import { likeKeyword, orderIdsContaining } from '../../lib/keyword-index';

/** Completed, or in after-sales. */
const GALLERY_STATUSES = [ORDER_STATUS.completed, ORDER_STATUS.afterSale];


/** The vendor's orders that have completion pictures, with the gallery's filters applied. */
function galleryOrders(db: DB, vendorId: number, ownerId: number | null, f: GalleryListQuery, pg: boolean) {
  let q = db
    .selectFrom('orders')
    .where('orders.vendor_id', '=', vendorId)
    // Completed work only: finished orders and those in after-sales (docs/decisions/081).
    .where('orders.status', 'in', GALLERY_STATUSES)
    // IN rather than a correlated EXISTS: SQLite 3.51 answers EXISTS + index order + OFFSET with the wrong page.
    .where('orders.id', 'in', (eb) => eb.selectFrom('completion_pics as cp').select('cp.order_id').where('cp.vendor_id', '=', vendorId));
  if (ownerId !== null) q = q.where('orders.created_by', '=', ownerId);
  if (f.keyword) {
    // Customer name or phone contain the keyword (decision 140): the orders' keyword index finds the
    // orders whose search text contains it, and these two columns are rechecked (the index also holds
    // the number, remarks and product lines).
    const kw = f.keyword;
    q = q
      .where(sql<boolean>`orders.id in (${orderIdsContaining(vendorId, kw, pg)})`)
      .where((eb) => eb.or([likeKeyword('orders.real_name', kw, pg), likeKeyword('orders.phone', kw, pg)]));
  }
  if (f.serviceType !== undefined) q = q.where('orders.service_type', '=', f.serviceType);
  const min = fromShanghai(f.minTime);
  const max = untilShanghai(f.maxTime);
  if (min) q = q.where('orders.completion_time', '>=', min);
  if (max) q = q.where('orders.completion_time', '<', max);
  if (f.categoryId !== undefined) {
    const c = f.categoryId;
    q = q.where('orders.id', 'in', (eb) =>
      eb
        .selectFrom('order_products as op')
        .innerJoin('products as p', 'p.id', 'op.product_id')
        .select('op.order_id')
        .where('op.vendor_id', '=', vendorId)
        .where((e2) => e2.or([e2('p.category_id', '=', c), e2('p.category_id_two', '=', c), e2('p.category_id_one', '=', c)])),
    );
  }
  return q;
}

export async function listGallery(db: DB, vendorId: number, ownerId: number | null, f: GalleryListQuery, pg: boolean, totalBound = Number.MAX_SAFE_INTEGER - 1): Promise<{ rows: GalleryRow[]; total: number; bounded: boolean }> {
  const base = galleryOrders(db, vendorId, ownerId, f, pg);
  // A keyword's total is counted up to the bound + 1 (decision 132's rule, decision 140).
  const { n } = f.keyword
    ? await db.selectFrom(base.select('orders.id').limit(totalBound + 1).as('m')).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()
    : await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const orders = await base
    .select(['orders.id', 'orders.order_no', 'orders.real_name', 'orders.phone', 'orders.phone_extension', 'orders.service_type', 'orders.completion_time'])
    .orderBy('orders.completion_time', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(f.pageSize)
    .offset((f.pageNum - 1) * f.pageSize)
    .execute();
  const ids = orders.map((o) => o.id);
  const pics = ids.length
    ? await db.selectFrom('completion_pics').select(['id', 'order_id', 'file_url', 'file_type']).where('vendor_id', '=', vendorId).where('order_id', 'in', ids).orderBy('id').execute()
    : [];
  const lines = ids.length ? await db.selectFrom('order_products').select(['order_id', 'model_name']).where('order_id', 'in', ids).orderBy('id').execute() : [];
  const rows = orders.map((o) => ({
    orderId: o.id,
    omsOrder: { id: o.id, orderNo: o.order_no, realName: o.real_name, phone: o.phone, phoneExtension: o.phone_extension },
    modelName: [...new Set(lines.filter((l) => l.order_id === o.id).map((l) => l.model_name).filter(Boolean))].join('、'),
    serviceType: o.service_type,
    completionTime: toShanghai(o.completion_time),
    omsProductCompletionPicList: pics.filter((p) => p.order_id === o.id).map((p) => ({ id: p.id, fileUrl: p.file_url, fileType: p.file_type })),
  }));
  const bounded = Boolean(f.keyword) && Number(n) > totalBound;
  return { rows, total: bounded ? totalBound : Number(n), bounded };
}

/** Pictures chosen by id and/or whole orders, limited to the vendor's own (and the caller's scope). */
export async function picturesForDownload(db: DB, vendorId: number, ownerId: number | null, picIds: number[], orderIds: number[]) {
  if (!picIds.length && !orderIds.length) return [];
  let q = db
    .selectFrom('completion_pics as cp')
    .innerJoin('orders as o', 'o.id', 'cp.order_id')
    .select(['cp.id', 'cp.file_url', 'cp.file_type', 'o.order_no'])
    .where('cp.vendor_id', '=', vendorId)
    .where('o.vendor_id', '=', vendorId)
    .where('o.status', 'in', GALLERY_STATUSES);
  if (ownerId !== null) q = q.where('o.created_by', '=', ownerId);
  q = q.where((eb) => {
    const any = [];
    if (picIds.length) any.push(eb('cp.id', 'in', picIds));
    if (orderIds.length) any.push(eb('cp.order_id', 'in', orderIds));
    return eb.or(any);
  });
  return q.orderBy('o.order_no').orderBy('cp.id').execute();
}
