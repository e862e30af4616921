import type { DB } from '../../db/database';

// The merchant's and the console's reads of an order's customer side (issue 47).

/** The order, limited to the vendor (and to the creator under data scope "own"); `vendorId` null is the console. */
export function findServiceOrder(db: DB, id: number, vendorId: number | null, ownerId: number | null = null) {
  let q = db.selectFrom('orders').select(['id', 'vendor_id', 'order_no', 'status', 'phone', 'door_time']).where('id', '=', id);
  if (vendorId !== null) q = q.where('vendor_id', '=', vendorId);
  if (ownerId !== null) q = q.where('created_by', '=', ownerId);
  return q.executeTakeFirst();
}
export type ServiceOrder = NonNullable<Awaited<ReturnType<typeof findServiceOrder>>>;

export const findCompanyName = async (db: DB, vendorId: number) =>
  (await db.selectFrom('vendors').select('company').where('id', '=', vendorId).executeTakeFirst())?.company ?? '';
