import { sql } from 'kysely';
import type { DB, Tx } from '../db/database';

// SQL of the reschedule requests (issue 46, decision 256): the merchant's, and the customer's once
// decision 268's switch lands. In lib/ because both sides write them and the console reads them.

/** A pending request; undefined when one of the order from the same side already waits (the partial unique index decides). */
export const insertPendingReschedule = (
  tx: Tx,
  v: { order_id: number; vendor_id: number; source: string; wish_date: string; wish_slot: string; reason: string; requested_by: number | null; requester: string; created_at: string },
) =>
  tx
    .insertInto('appointment_reschedules')
    .values(v)
    .onConflict((oc) => oc.columns(['order_id', 'source']).where(sql<boolean>`state = 'pending'`).doNothing())
    .returning('id')
    .executeTakeFirst();

/** The appointment was set again: the order's pending request is answered. */
export const markReschedulesDone = (tx: Tx, orderId: number, at: string) =>
  tx.updateTable('appointment_reschedules').set({ state: 'done', done_at: at }).where('order_id', '=', orderId).where('state', '=', 'pending').execute();

/** The order's requests (of one side, when named), newest first. */
export function listReschedules(db: DB | Tx, orderId: number, source?: 'merchant' | 'customer') {
  let q = db.selectFrom('appointment_reschedules').selectAll().where('order_id', '=', orderId);
  if (source) q = q.where('source', '=', source);
  return q.orderBy('id', 'desc').limit(20).execute();
}

/** The order's credits with their ledger serial numbers, oldest first. */
export const listOrderCredits = (db: DB | Tx, orderId: number) =>
  db
    .selectFrom('timeliness_credits as c')
    .leftJoin('account_records as a', 'a.id', 'c.record_id')
    .select(['c.id', 'c.stage', 'c.amount_fen', 'c.due_at', 'c.created_at', 'a.transaction_flow_no'])
    .where('c.order_id', '=', orderId)
    .orderBy('c.id')
    .execute();

/** What the appointment view needs of an order (the vendor's own unless vendorId is null). */
export function findAppointmentOrder(db: DB, orderId: number, vendorId: number | null, ownerId: number | null = null) {
  let q = db
    .selectFrom('orders')
    .select(['id', 'vendor_id', 'status', 'door_time', 'door_time_end', 'appoint_slot', 'appoint_fail_reason', 'appoint_fail_note', 'appoint_fail_at'])
    .where('id', '=', orderId);
  if (vendorId !== null) q = q.where('vendor_id', '=', vendorId);
  if (ownerId !== null) q = q.where('created_by', '=', ownerId);
  return q.executeTakeFirst();
}
