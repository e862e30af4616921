import type { Insertable } from 'kysely';
import type { Tx } from '../../db/database';
import type { OrdersTable } from '../../db/schema/orders';

// SQL of an after-sales re-dispatch (redispatch.ts), in the caller's transaction.

/** Inserts the follow-up order; its id and vendor. */
export const insertFollowUpOrder = (tx: Tx, values: Insertable<OrdersTable>) =>
  tx.insertInto('orders').values(values).returning(['id', 'vendor_id']).executeTakeFirstOrThrow();

/** An order's product lines, in their order. */
export const listOrderLines = (tx: Tx, orderId: number) => tx.selectFrom('order_products').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

/** The order's product lines at no charge, as lines of `orderId`. */
export const insertFreeOrderLines = (tx: Tx, orderId: number, lines: Awaited<ReturnType<typeof listOrderLines>>) =>
  tx
    .insertInto('order_products')
    .values(lines.map(({ id: _id, order_id: _o, ...l }) => ({ ...l, order_id: orderId, price_fen: 0, guide_price_fen: null, discount_fen: 0 })))
    .execute();
