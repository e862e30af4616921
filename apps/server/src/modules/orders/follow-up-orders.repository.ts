import { AFTER_SALE_STATUS } from '@portal/domain/after-sales';
import { sql } from 'kysely';
import type { DB, Tx } from '../../db/database';

// Decision 281: an order that is the free re-dispatch order (after_sales.new_order_id) of a case still
// being handled. The case row is the only record of the link; nothing on the order is kept in sync.

/** Of `orderIds`, those that are the re-dispatch order of a case in processing (status 1). */
export async function openFollowUpOrderIds(db: DB | Tx, orderIds: number[]): Promise<Set<number>> {
  if (!orderIds.length) return new Set();
  const rows = await db.selectFrom('after_sales').select('new_order_id').where('new_order_id', 'in', orderIds).where('status', '=', AFTER_SALE_STATUS.processing).execute();
  return new Set(rows.map((r) => r.new_order_id).filter((v): v is number => v !== null));
}

/** The list row's mark, in the page statement itself: 1 when the order is an open case's re-dispatch order. */
export const openFollowUpFlag = sql<number>`(case when exists (select 1 from after_sales a where a.new_order_id = orders.id and a.status = ${AFTER_SALE_STATUS.processing}) then 1 else 0 end)`;
