import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB, Tx } from '../../db/database';
import type { AfterSalesTable } from '../../db/schema/after-sales';

// The statements of after-sales cases that the service runs in its transactions (after-sales.service.ts,
// decision 156); the lists and the case log are in after-sales.repository.ts.

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

export const setCase = (tx: Tx, id: number, set: Updateable<AfterSalesTable>) => tx.updateTable('after_sales').set(set).where('id', '=', id).execute();
