import type { Insertable, UpdateObject } from 'kysely';
import type { Database, Tx } from '../db/database';
import type { OrderOperateRecordsTable } from '../db/schema/orders';
import { onPostgres } from '../db/engine';

// SQL of the order state machine (lib/order-state-machine.ts); every function runs in the caller's transaction.

/**
 * The order row, limited to the vendor's own orders unless `vendorId` is null (the console), locked until
 * the transaction ends (decision 292): on PostgreSQL `for update`; SQLite's transactions hold the write lock.
 */
export function findOrderRow(tx: Tx, orderId: number, vendorId: number | null) {
  const q = tx.selectFrom('orders').selectAll().where('id', '=', orderId);
  const own = vendorId === null ? q : q.where('vendor_id', '=', vendorId);
  return (onPostgres(tx) ? own.forUpdate() : own).executeTakeFirst();
}

/** Locks these orders' rows (the vendor's own unless `vendorId` is null) in id order, so two writers of several orders never wait on each other crosswise. */
export async function lockOrderRows(tx: Tx, orderIds: number[], vendorId: number | null): Promise<void> {
  if (!onPostgres(tx) || !orderIds.length) return;
  const q = tx.selectFrom('orders').select('id').where('id', 'in', orderIds).orderBy('id').forUpdate();
  await (vendorId === null ? q : q.where('vendor_id', '=', vendorId)).execute();
}

/** One operation-log line of an order. */
export const insertOrderLog = (tx: Tx, row: Insertable<OrderOperateRecordsTable>) => tx.insertInto('order_operate_records').values(row).execute();

/** What a move was decided on: the order's status and node and where its praise and return stand. */
export type MoveFrom = { status: number; node: number; praise_state: number; return_state: number };

/**
 * The conditional move: sets `set` only while the order is still as `from` read it (status, node and
 * the praise/return states its guards looked at); the row after the move, or undefined when another
 * move came first.
 */
export const moveOrderRow = (tx: Tx, orderId: number, from: MoveFrom, set: UpdateObject<Database, 'orders'>) =>
  tx
    .updateTable('orders')
    .set(set)
    .where('id', '=', orderId)
    .where('status', '=', from.status)
    .where('node', '=', from.node)
    .where('praise_state', '=', from.praise_state)
    .where('return_state', '=', from.return_state)
    .returningAll()
    .executeTakeFirst();

/**
 * A praise/return decided while the order is elsewhere (one a 返件 overtook before decision 277): only
 * its state changes, still conditional on what was read; false when another move came first.
 */
export async function setReviewState(tx: Tx, orderId: number, from: MoveFrom, set: { praise_state?: number; return_state?: number; updated_at: string }) {
  return (await moveOrderRow(tx, orderId, from, set)) !== undefined;
}
