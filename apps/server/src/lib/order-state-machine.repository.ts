import type { Insertable, UpdateObject } from 'kysely';
import type { Database, Tx } from '../db/database';
import type { OrderOperateRecordsTable } from '../db/schema/orders';

// SQL of the order state machine (lib/order-state-machine.ts); every function runs in the caller's transaction.

/** The order row, limited to the vendor's own orders unless `vendorId` is null (the console). */
export function findOrderRow(tx: Tx, orderId: number, vendorId: number | null) {
  const q = tx.selectFrom('orders').selectAll().where('id', '=', orderId);
  return (vendorId === null ? q : q.where('vendor_id', '=', vendorId)).executeTakeFirst();
}

/** One operation-log line of an order. */
export const insertOrderLog = (tx: Tx, row: Insertable<OrderOperateRecordsTable>) => tx.insertInto('order_operate_records').values(row).execute();

/**
 * The conditional move: sets `set` only while the order is still at `from`'s status and node; the row
 * after the move, or undefined when another move came first.
 */
export const moveOrderRow = (tx: Tx, orderId: number, from: { status: number; node: number }, set: UpdateObject<Database, 'orders'>) =>
  tx.updateTable('orders').set(set).where('id', '=', orderId).where('status', '=', from.status).where('node', '=', from.node).returningAll().executeTakeFirst();
