import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB, Tx } from '../../db/database';
import type { AfterSalesTable } from '../../db/schema/after-sales';
import { ORDER_STATUS } from '@portal/domain/enums';

// The statements of after-sales cases that the service runs in its transactions (after-sales.service.ts,
// decision 156); the lists and the case log are in after-sales.repository.ts.

export type CaseRow = NonNullable<Awaited<ReturnType<typeof findCase>>>;

/** A case by id; `vendorId` / `ownerId` narrow it to a vendor and to its creator when set. */
export function findCase(db: Tx | DB, id: number, vendorId: number | null, ownerId: number | null = null) {
  let q = db.selectFrom('after_sales').selectAll().where('id', '=', id);
  if (vendorId !== null) q = q.where('vendor_id', '=', vendorId);
  if (ownerId !== null) q = q.where('created_by', '=', ownerId);
  return q.executeTakeFirst();
}

/** Whether the order has a case in one of these (open) statuses. */
export const hasCaseIn = async (tx: Tx, orderId: number, statuses: readonly number[]) =>
  !!(await tx.selectFrom('after_sales').select('id').where('order_id', '=', orderId).where('status', 'in', [...statuses]).executeTakeFirst());

/**
 * A new case, unless the order already has an open one: the unique index on open cases is the guard
 * (its predicate written literally, so both engines infer the index). Undefined when one was there.
 */
export const insertCase = (tx: Tx, values: Insertable<AfterSalesTable>) =>
  tx
    .insertInto('after_sales')
    .values(values)
    .onConflict((oc) => oc.column('order_id').where(sql<boolean>`status in (0, 1)`).doNothing())
    .returning(['id', 'vendor_id'])
    .executeTakeFirst();

/** Updates the case only while it is in `when` (column values); answers whether it was. */
export async function updateCaseIf(tx: Tx, id: number, set: Updateable<AfterSalesTable>, when: Partial<Record<'check_status' | 'status' | 'processing_status', number>>) {
  let q = tx.updateTable('after_sales').set(set).where('id', '=', id);
  for (const [column, value] of Object.entries(when) as Array<[keyof typeof when, number]>) q = q.where(column, '=', value);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

/**
 * Like updateCaseIf, and only while the case's re-dispatch order (if any) is not cancelled (decision 281):
 * the console's 新师傅已接单 / 售后完成 check the new order in the same UPDATE.
 */
export async function updateCaseIfNewOrderLive(tx: Tx, id: number, set: Updateable<AfterSalesTable>, when: Partial<Record<'status' | 'processing_status', number>>) {
  let q = tx
    .updateTable('after_sales')
    .set(set)
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('orders').select('orders.id').whereRef('orders.id', '=', 'after_sales.new_order_id').where('orders.status', '=', ORDER_STATUS.cancelled))),
    );
  for (const [column, value] of Object.entries(when) as Array<[keyof typeof when, number]>) q = q.where(column, '=', value);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

/** The status of the case's re-dispatch order; null when it has none. */
export async function newOrderStatusOf(tx: Tx, caseId: number): Promise<number | null> {
  const r = await tx.selectFrom('after_sales').innerJoin('orders', 'orders.id', 'after_sales.new_order_id').select('orders.status').where('after_sales.id', '=', caseId).executeTakeFirst();
  return r?.status ?? null;
}

export const setCase = (tx: Tx, id: number, set: Updateable<AfterSalesTable>) => tx.updateTable('after_sales').set(set).where('id', '=', id).execute();
