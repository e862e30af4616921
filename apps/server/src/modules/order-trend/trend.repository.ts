import { sql } from 'kysely';
import { PAYMENT_TYPE } from '@portal/domain/enums';
import type { DB } from '../../db/database';

/**
 * Spend (fen, positive) and orders paid in [start, end) by the service type of the order a charge
 * belongs to; charges of no order (a platform deduction) have service type null.
 */
export async function spendByService(db: DB, vendorId: number, start: string, end: string) {
  const moved = sql<string>`r.pay_time`; // when a settled record moved the balance (decision 271)
  const rows = await db
    .selectFrom('account_records as r')
    .leftJoin('orders as o', 'o.id', 'r.order_id')
    .select('o.service_type')
    .select((eb) => [
      eb.fn.sum<string | number>('r.amount_fen').as('total'),
      eb.fn.count<string | number>(sql`case when r.payment_type = ${sql.lit(PAYMENT_TYPE.workOrder)} then r.order_id end`).distinct().as('orders'),
    ])
    .where('r.vendor_id', '=', vendorId)
    .where(sql<boolean>`r.settled = 1`)
    .where(moved, '>=', start)
    .where(moved, '<', end)
    .where('r.change_type', '=', 0)
    .groupBy('o.service_type')
    .execute();
  return rows.map((r) => ({ serviceType: r.service_type, spendFen: -Number(r.total), orders: Number(r.orders) }));
}
