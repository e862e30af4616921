import { sql } from 'kysely';
import type { StatementDetail } from '@portal/domain/statements';
import { PAYMENT_TYPE } from '@portal/domain/enums';
import type { DB } from '../../db/database';

// A settled record's pay time is when it moved the balance — a top-up's is its confirmation (decision
// 271) — so a vendor's month is a range of the (vendor_id, pay_time, id) index on both engines.
const MOVED_AT = sql<string>`pay_time`;
const SETTLED = sql<boolean>`settled = 1`;

/** Totals per payment type and direction of the records moved in [start, end). */
export async function movedTotals(db: DB, vendorId: number, start: string, end: string) {
  const rows = await db
    .selectFrom('account_records')
    .select(['payment_type', 'change_type'])
    .select((eb) => [eb.fn.sum<string | number>('amount_fen').as('total'), eb.fn.countAll<string | number>().as('n')])
    .where('vendor_id', '=', vendorId)
    .where(SETTLED)
    .where(MOVED_AT, '>=', start)
    .where(MOVED_AT, '<', end)
    .groupBy(['payment_type', 'change_type'])
    .execute();
  return rows.map((r) => ({ paymentType: r.payment_type, income: r.change_type === 1, totalFen: Number(r.total), count: Number(r.n) }));
}

/** Orders whose work-order payment moved in [start, end). */
export async function ordersPaidIn(db: DB, vendorId: number, start: string, end: string): Promise<number> {
  const r = await db
    .selectFrom('account_records')
    .select((eb) => eb.fn.count<string | number>('order_id').distinct().as('n'))
    .where('vendor_id', '=', vendorId)
    .where(SETTLED)
    .where(MOVED_AT, '>=', start)
    .where(MOVED_AT, '<', end)
    .where('payment_type', '=', PAYMENT_TYPE.workOrder)
    .where('change_type', '=', 0)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The ledger's balance after the last record moved before `iso` (0 before the first). */
export async function ledgerBalanceBefore(db: DB, vendorId: number, iso: string): Promise<number> {
  const r = await db
    .selectFrom('account_records')
    .select('balance_after_fen')
    .where('vendor_id', '=', vendorId)
    .where(SETTLED)
    .where(MOVED_AT, '<', iso)
    .orderBy(MOVED_AT, 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return Number(r?.balance_after_fen ?? 0);
}

export async function storedMonth(db: DB, vendorId: number, month: string): Promise<StatementDetail | null> {
  const r = await db.selectFrom('statement_months').select('figures').where('vendor_id', '=', vendorId).where('month', '=', month).executeTakeFirst();
  return r ? (JSON.parse(r.figures) as StatementDetail) : null;
}

export async function storedMonths(db: DB, vendorId: number): Promise<Map<string, StatementDetail>> {
  const rows = await db.selectFrom('statement_months').select(['month', 'figures']).where('vendor_id', '=', vendorId).execute();
  return new Map(rows.map((r) => [r.month, JSON.parse(r.figures) as StatementDetail]));
}

/** Freeze a closed month; the first writer wins, so parallel first views store one version. */
export async function storeMonth(db: DB, vendorId: number, detail: StatementDetail, now: string): Promise<void> {
  await db
    .insertInto('statement_months')
    .values({ vendor_id: vendorId, month: detail.month, figures: JSON.stringify(detail), created_at: now })
    .onConflict((oc) => oc.columns(['vendor_id', 'month']).doNothing())
    .execute();
}

/** The month's records for the export, in the order they moved, `size` at a time. */
export async function* recordsMovedIn(db: DB, vendorId: number, start: string, end: string, size = 1000) {
  let after: { at: string; id: number } | null = null;
  for (;;) {
    let q = db
      .selectFrom('account_records')
      .select(['id', 'transaction_flow_no', 'change_type', 'payment_type', 'amount_fen', 'balance_after_fen', 'order_no', 'remarks', 'operator'])
      .select(MOVED_AT.as('moved_at'))
      .where('vendor_id', '=', vendorId)
      .where(SETTLED)
      .where(MOVED_AT, '>=', start)
      .where(MOVED_AT, '<', end);
    if (after) {
      const a: { at: string; id: number } = after;
      q = q.where(sql<boolean>`(pay_time, id) > (${a.at}, ${a.id})`);
    }
    const rows = await q.orderBy(MOVED_AT).orderBy('id').limit(size).execute();
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    after = { at: last.moved_at, id: last.id };
    if (rows.length < size) return;
  }
}

/** Orders paid in the month: one row per work-order payment, with the order's customer and service. */
export async function* ordersPaidRows(db: DB, vendorId: number, start: string, end: string, size = 1000) {
  let afterId = 0;
  for (;;) {
    const rows = await db
      .selectFrom('account_records as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select(['r.id', 'o.order_no', 'o.real_name', 'o.service_type', 'o.total_fen', 'r.amount_fen'])
      .select('r.pay_time as moved_at')
      .where('r.vendor_id', '=', vendorId)
      .where(sql<boolean>`r.settled = 1`)
      .where('r.pay_time', '>=', start)
      .where('r.pay_time', '<', end)
      .where('r.payment_type', '=', PAYMENT_TYPE.workOrder)
      .where('r.change_type', '=', 0)
      .where('r.id', '>', afterId)
      .orderBy('r.id')
      .limit(size)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    afterId = rows[rows.length - 1]!.id;
    if (rows.length < size) return;
  }
}
