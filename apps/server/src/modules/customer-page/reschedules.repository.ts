import type { DB, Tx } from '../../db/database';
import { insertPendingReschedule, listReschedules } from '../../lib/appointment-reschedules.repository';

// The customers' reschedule requests (issue 47): since issue 46 they are appointment_reschedules rows
// with source customer (decision 268); the console's next appointment answers them
// (modules/appointments/appointments.events.ts).

/** A pending request; undefined when one of the customer already waits (the partial unique index decides). */
export const insertPendingRequest = (tx: Tx, v: { order_id: number; vendor_id: number; wish_date: string; wish_slot: string; reason: string; created_at: string }) =>
  insertPendingReschedule(tx, { ...v, source: 'customer', requested_by: null, requester: '客户' });

/** The order's customer requests, newest first. */
export const listRequests = (db: DB | Tx, orderId: number) => listReschedules(db, orderId, 'customer');
