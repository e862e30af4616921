import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/database';

// 待确认加价 of the order list (issue 46, decision 254): the vendor's orders with a pending extra fee,
// read from extra_fees' partial index of pending requests (a handful per vendor), never stored twice.

export function extraFeePending(vendorId: number) {
  return (eb: ExpressionBuilder<Database, 'orders'>): Expression<SqlBool> =>
    eb('orders.id', 'in', eb.selectFrom('extra_fees').select('extra_fees.order_id').where('extra_fees.vendor_id', '=', vendorId).where('extra_fees.status', '=', 0));
}

/** The list row's marker: 1 when the order has a pending extra fee. */
export const extraFeePendingFlag = sql<number>`(case when exists (select 1 from extra_fees ef where ef.order_id = orders.id and ef.status = 0) then 1 else 0 end)`;
