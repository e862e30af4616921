import { sql, type Insertable, type Updateable } from 'kysely';
import type { Tx } from '../../db/database';
import { expensesWithLine } from '../../lib/order-expenses.repository';
import type { MaterialSubmissionsTable, OrderRemindersTable, OrdersTable, PraiseRecordsTable, ReturnRecordsTable } from '../../db/schema/orders';

// The statements of the vendor's order actions (order-actions.service.ts), each in the caller's
// transaction. A conditional update answers whether it hit a row; the service says what that means.

/** What a payment sets besides the move: the paid amount is the order's total, in the same UPDATE. */
export const paidInFull = () => ({ real_pay_fen: sql<number>`total_fen` });

/** The refunded order keeps nothing paid. */
export const clearRealPay = (tx: Tx, orderId: number) => tx.updateTable('orders').set({ real_pay_fen: 0 }).where('id', '=', orderId).execute();

/** The customer's details, while the order has not gone past `maxStatus`: false when it had. */
export async function setCustomerWhileStatusUpTo(tx: Tx, orderId: number, maxStatus: number, set: Updateable<OrdersTable>): Promise<boolean> {
  const r = await tx.updateTable('orders').set(set).where('id', '=', orderId).where('status', '<=', maxStatus).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Adds the urgent fee in one UPDATE: the total grows by it, and the paid amount too when `paid`;
 * only while the order is not urgent and still at `status`. False when it hit nothing.
 */
export async function addUrgentFee(
  tx: Tx,
  orderId: number,
  status: number,
  a: { urgentType: number; feeFen: number; feeName: string; paid: boolean; now: string; sla: Updateable<OrdersTable> },
): Promise<boolean> {
  const r = await tx
    .updateTable('orders')
    .set({
      urgent_flag: 1, urgent_type: a.urgentType, urgent_price_fen: a.feeFen, total_fen: sql<number>`total_fen + ${a.feeFen}`,
      real_pay_fen: a.paid ? sql<number>`real_pay_fen + ${a.feeFen}` : sql<number>`real_pay_fen`, expenses: expensesWithLine(tx, a.feeName, a.feeFen), updated_at: a.now,
      ...a.sla,
    })
    .where('id', '=', orderId)
    .where('urgent_flag', '=', 0)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export const insertReminder = (tx: Tx, row: Insertable<OrderRemindersTable>) => tx.insertInto('order_reminders').values(row).execute();

/** When the order was last reminded (催单), or null; read under the order's lock by the next 催单 (decision 298). */
export const lastReminderAt = async (tx: Tx, orderId: number) =>
  (await tx.selectFrom('order_reminders').select('created_at').where('order_id', '=', orderId).orderBy('created_at', 'desc').limit(1).executeTakeFirst())?.created_at ?? null;

export const setMarker = (tx: Tx, orderId: number, markerType: string, markerValue: string, now: string) =>
  tx.updateTable('orders').set({ marker_type: markerType, marker_value: markerValue, updated_at: now }).where('id', '=', orderId).execute();

/** Records the parts' shipping on the order's pending submission (status 0 → 1): false when none was pending. */
export async function shipPendingSubmission(tx: Tx, id: number, orderId: number, vendorId: number, set: Updateable<MaterialSubmissionsTable>): Promise<boolean> {
  const r = await tx
    .updateTable('material_submissions')
    .set(set)
    .where('id', '=', id)
    .where('order_id', '=', orderId)
    .where('vendor_id', '=', vendorId)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Whether the order has this material submission. */
export const findSubmissionOfOrder = (tx: Tx, id: number, orderId: number) =>
  tx.selectFrom('material_submissions').select('id').where('id', '=', id).where('order_id', '=', orderId).executeTakeFirst();

/** The order's latest returned-item record. */
export const findLatestReturn = (tx: Tx, orderId: number, vendorId: number) =>
  tx.selectFrom('return_records').selectAll().where('order_id', '=', orderId).where('vendor_id', '=', vendorId).orderBy('id', 'desc').limit(1).executeTakeFirst();

/** Decides a pending (check_status 0) returned-item record: false when it was decided already. */
export async function decidePendingReturn(tx: Tx, id: number, set: Updateable<ReturnRecordsTable>): Promise<boolean> {
  const r = await tx.updateTable('return_records').set(set).where('id', '=', id).where('check_status', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The order's latest positive-review record. */
export const findLatestPraise = (tx: Tx, orderId: number, vendorId: number) =>
  tx.selectFrom('praise_records').selectAll().where('order_id', '=', orderId).where('vendor_id', '=', vendorId).orderBy('id', 'desc').limit(1).executeTakeFirst();

/** Decides a pending (check_status 0) positive-review record: false when it was decided already. */
export async function decidePendingPraise(tx: Tx, id: number, set: Updateable<PraiseRecordsTable>): Promise<boolean> {
  const r = await tx.updateTable('praise_records').set(set).where('id', '=', id).where('check_status', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Whether another praise of the order was approved (orders from before decision 277 may hold two). */
export const hasOtherApprovedPraise = async (tx: Tx, orderId: number, exceptId: number) =>
  !!(await tx.selectFrom('praise_records').select('id').where('order_id', '=', orderId).where('check_status', '=', 1).where('id', '!=', exceptId).executeTakeFirst());
