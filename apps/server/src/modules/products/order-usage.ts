import { sql } from 'kysely';
import { ORDER_STATUS } from '@portal/domain/enums';
import type { DB, Tx } from '../../db/database';

/** Orders in these states are over; a product used only by them may be deleted. */
const FINISHED = [ORDER_STATUS.completed, ORDER_STATUS.cancelled];

let ordersReady = false;

/** The orders module owns orders/order_products; until its migration exists there is nothing to check. */
async function ordersTablesExist(db: DB | Tx) {
  if (ordersReady) return true;
  const names = new Set((await db.introspection.getTables()).map((t) => t.name));
  ordersReady = names.has('orders') && names.has('order_products');
  return ordersReady;
}

/** Ids among `productIds` that are on an order still in progress (not completed, not cancelled). */
export async function productsInActiveOrders(db: DB | Tx, vendorId: number, productIds: number[]): Promise<number[]> {
  if (!productIds.length || !(await ordersTablesExist(db))) return [];
  const rows = await sql<{ product_id: number }>`
    select distinct op.product_id as product_id
    from order_products op
    inner join orders o on o.id = op.order_id
    where o.vendor_id = ${vendorId}
      and op.product_id in (${sql.join(productIds)})
      and o.status not in (${sql.join(FINISHED)})`.execute(db);
  return rows.rows.map((r) => Number(r.product_id));
}
