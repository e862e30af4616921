import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { SATISFACTION, type Satisfaction } from '@portal/domain/customer-page';
import type { Database } from '../db/database';

// 满意度 of the order list (issue 47, decision 264): a condition on orders.customer_rating, which the
// customer's rating writes in its own transaction; 未评价 is no rating yet.

export function satisfactionIs(s: Satisfaction) {
  const band = SATISFACTION.find((x) => x.value === s)!;
  return (eb: ExpressionBuilder<Database, 'orders'>): Expression<SqlBool> =>
    s === 'none' ? eb('orders.customer_rating', 'is', null) : eb.between('orders.customer_rating', band.min, band.max);
}
