import { sql } from 'kysely';
import type { DB, Tx } from '../../db/database';

// SQL of the customers' reschedule requests (issue 47, decision 268).

/** A pending request; undefined when one of the order already waits (the partial unique index decides). */
export const insertPendingRequest = (tx: Tx, v: { order_id: number; vendor_id: number; wish_date: string; wish_slot: string; reason: string; created_at: string }) =>
  tx
    .insertInto('customer_reschedules')
    .values(v)
    .onConflict((oc) => oc.column('order_id').where(sql<boolean>`state = 'pending'`).doNothing())
    .returning('id')
    .executeTakeFirst();

/** The appointment was set again: the order's pending request is answered. */
export const markRequestsDone = (tx: Tx, orderId: number, at: string) =>
  tx.updateTable('customer_reschedules').set({ state: 'done', done_at: at }).where('order_id', '=', orderId).where('state', '=', 'pending').execute();

/** The order's requests, newest first. */
export const listRequests = (db: DB | Tx, orderId: number) =>
  db.selectFrom('customer_reschedules').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').limit(20).execute();
