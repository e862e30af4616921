import { ORDER_STATUS } from '@portal/domain/enums';
import type { DB, Tx } from '../../db/database';

/** Orders in these states are over; a product used only by them may be deleted. */
const FINISHED = [ORDER_STATUS.completed, ORDER_STATUS.cancelled];

/** Ids among `productIds` that are on an order still in progress (not completed, not cancelled). */
export async function productsInActiveOrders(db: DB | Tx, vendorId: number, productIds: number[]): Promise<number[]> {
  if (!productIds.length) return [];
  const rows = await db
    .selectFrom('order_products')
    .innerJoin('orders', 'orders.id', 'order_products.order_id')
    .select('order_products.product_id')
    .distinct()
    .where('orders.vendor_id', '=', vendorId)
    .where('order_products.product_id', 'in', productIds)
    .where('orders.status', 'not in', FINISHED)
    .execute();
  return rows.map((r) => Number(r.product_id));
}
