import { sql } from 'kysely';
import { afterSaleCheck, afterSaleStatus, afterSaleType, ORDER_STATUS, orderStatus } from '@portal/domain/enums';
import { AFTER_SALE_CHECK, AFTER_SALE_STATUS, afterSaleStatusTip, type AfterSaleListQuery, type AfterSaleRow, type PlatformAfterSaleListQuery } from '@portal/domain/after-sales';
import { fenToYuan } from '@portal/domain/money';
import type { DB, Tx } from '../../db/database';
import { fromShanghai, nowIso, toShanghai, untilShanghai } from '../../lib/time';
import { anyCaseOp, likePattern } from '../../lib/like';
import { likeKeyword, orderIdsContaining, textContainsPg, textGramsMatch, textGramsQuery } from '../../lib/keyword-index';



/** Cases joined with their order; `vendorId` null is the platform's view of every vendor. */
export function casesQuery(db: DB | Tx, vendorId: number | null, ownerId: number | null = null) {
  let q = db.selectFrom('after_sales').innerJoin('orders as o', 'o.id', 'after_sales.order_id');
  if (vendorId !== null) q = q.where('after_sales.vendor_id', '=', vendorId);
  if (ownerId !== null) q = q.where('after_sales.created_by', '=', ownerId);
  return q;
}

type CaseQuery = ReturnType<typeof casesQuery>;

/**
 * The vendor's cases whose reasons, or whose order's number, customer name or phone, contain the
 * keyword (decision 140): the reasons through their own index (after_sale_grams on SQLite, the GIN index
 * after_sales_keys on PostgreSQL), the order's fields through the orders' keyword index, rechecked on
 * those three columns (that index also holds remarks and product lines).
 */
function caseIdsContaining(vendorId: number, keyword: string, pg: boolean) {
  const byReasons = pg
    ? sql`select a.id from after_sales a where a.vendor_id = ${vendorId} and ${textContainsPg('a.vendor_id', sql`a.reasons`, vendorId, keyword)}`
    : sql`select a.id from after_sale_grams g cross join after_sales a where a.id = (g.rowid & 4294967295) and ${textGramsMatch('after_sale_grams', vendorId, keyword)}
        and ${textGramsQuery(vendorId, keyword).exact ? sql`true` : likeKeyword('a.reasons', keyword, false)}`;
  const onOrder = (col: string) => likeKeyword(sql.ref(col), keyword, pg);
  return sql`${byReasons} union all select a.id from after_sales a inner join orders o on o.id = a.order_id
    where a.vendor_id = ${vendorId} and a.order_id in (${orderIdsContaining(vendorId, keyword, pg)})
    and (${onOrder('o.order_no')} or ${onOrder('o.real_name')} or ${onOrder('o.phone')})`;
}

/** The list's filters; `vendorId` (the vendor's own list) searches the keyword through the indexes, the platform's list of every vendor with (i)like. */
export function applyCaseFilters(q: CaseQuery, f: AfterSaleListQuery & Partial<Pick<PlatformAfterSaleListQuery, 'checkStatus' | 'type'>>, pg: boolean, vendorId: number | null = null): CaseQuery {
  if (f.keyword && vendorId !== null) {
    q = q.where(sql<boolean>`after_sales.id in (${caseIdsContaining(vendorId, f.keyword, pg)})`);
  } else if (f.keyword) {
    const pattern = likePattern(f.keyword);
    const op = anyCaseOp(f.keyword, pg);
    const like = (col: string) => sql<boolean>`${sql.ref(col)} ${op} ${pattern} escape '\\'`;
    q = q.where((eb) => eb.or([like('o.order_no'), like('o.real_name'), like('o.phone'), like('after_sales.reasons')]));
  }
  if (f.status !== undefined) q = q.where('after_sales.status', '=', f.status);
  if (f.checkStatus !== undefined) q = q.where('after_sales.check_status', '=', f.checkStatus);
  if (f.type !== undefined) q = q.where('after_sales.type', '=', f.type);
  const min = fromShanghai(f.minTime);
  const max = untilShanghai(f.maxTime);
  if (min) q = q.where('after_sales.created_at', '>=', min);
  if (max) q = q.where('after_sales.created_at', '<', max);
  return q;
}

const CASE_COLUMNS = [
  'after_sales.id',
  'after_sales.vendor_id',
  'after_sales.created_by',
  'after_sales.order_id',
  'after_sales.type',
  'after_sales.status',
  'after_sales.check_status',
  'after_sales.check_reason',
  'after_sales.processing_status',
  'after_sales.money_fen',
  'after_sales.reasons',
  'after_sales.description',
  'after_sales.voucher',
  'after_sales.old_order_id',
  'after_sales.new_order_id',
  'after_sales.created_at',
  'after_sales.check_time',
  'o.order_no',
  'o.real_name',
  'o.phone',
  'o.service_type',
] as const;

export type CaseRecord = Awaited<ReturnType<typeof selectCases>>[number];

export function selectCases(q: CaseQuery) {
  return q.select(CASE_COLUMNS).execute();
}

/** Numbers and statuses of re-dispatched orders, and product summaries ("型号 ×2、型号") of the cases' orders. */
async function extras(db: DB | Tx, records: CaseRecord[]) {
  const newIds = [...new Set(records.map((r) => r.new_order_id).filter((v): v is number => v !== null))];
  const orderIds = [...new Set(records.map((r) => r.order_id))];
  const newOrders = newIds.length ? await db.selectFrom('orders').select(['id', 'order_no', 'status']).where('id', 'in', newIds).execute() : [];
  const lines = orderIds.length
    ? await db.selectFrom('order_products').select(['order_id', 'model_name', 'category_name', 'number']).where('order_id', 'in', orderIds).orderBy('id').execute()
    : [];
  const summaries = new Map<number, string[]>();
  for (const l of lines) {
    const name = l.model_name || l.category_name;
    summaries.set(l.order_id, [...(summaries.get(l.order_id) ?? []), l.number > 1 ? `${name} ×${l.number}` : name]);
  }
  return { newOrders: new Map(newOrders.map((o) => [o.id, o])), summaries };
}

export async function toCaseRows(db: DB | Tx, records: CaseRecord[]): Promise<AfterSaleRow[]> {
  const { newOrders, summaries } = await extras(db, records);
  return records.map((r) => {
    const newOrder = r.new_order_id ? newOrders.get(r.new_order_id) : undefined;
    const newOrderCancelled = newOrder?.status === ORDER_STATUS.cancelled;
    const state = { type: r.type, status: r.status, checkStatus: r.check_status, processingStatus: r.processing_status, checkReason: r.check_reason, newOrderCancelled };
    return {
      id: r.id,
      afterId: r.id,
      type: r.type,
      typeName: afterSaleType.label(r.type),
      status: r.status,
      statusName: afterSaleStatus.label(r.status),
      checkStatus: r.check_status,
      checkStatusName: afterSaleCheck.label(r.check_status),
      checkReason: r.check_reason,
      processingStatus: r.processing_status,
      money: fenToYuan(Number(r.money_fen)),
      reasons: r.reasons,
      description: r.description,
      voucher: r.voucher,
      createTime: toShanghai(r.created_at),
      checkTime: toShanghai(r.check_time),
      orderId: r.order_id,
      orderNo: r.order_no,
      oldOrder: r.order_no,
      oldOrderId: r.old_order_id,
      newOrder: newOrder?.order_no ?? '',
      newOrderId: r.new_order_id,
      newOrderStatus: newOrder?.status ?? null,
      newOrderStatusName: newOrder ? orderStatus.label(newOrder.status) : '',
      realName: r.real_name,
      phone: r.phone,
      serviceType: r.service_type,
      productSummary: (summaries.get(r.order_id) ?? []).join('、'),
      statusTip: afterSaleStatusTip(state),
    };
  });
}

export async function countCases(q: CaseQuery): Promise<number> {
  const { n } = await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * The list's total: with a keyword counted up to `bound` + 1, more answering `bound` and `bounded`
 * (decision 132's rule, decision 140); otherwise exact.
 */
export async function countCasesUpTo(db: DB, q: CaseQuery, keyword: string | undefined, bound: number): Promise<{ total: number; bounded: boolean }> {
  if (!keyword) return { total: await countCases(q), bounded: false };
  const r = await db.selectFrom(q.select('after_sales.id').limit(bound + 1).as('m')).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const n = Number(r.n);
  return { total: Math.min(n, bound), bounded: n > bound };
}

export async function timelineOf(db: DB | Tx, caseId: number) {
  const logs = await db.selectFrom('after_sale_logs').select(['content', 'operator', 'created_at']).where('after_sale_id', '=', caseId).orderBy('id', 'desc').execute();
  return logs.map((l) => ({ createTime: toShanghai(l.created_at), content: l.content, operator: l.operator }));
}

export async function writeCaseLog(tx: Tx, c: { id: number; vendor_id: number }, content: string, operator: string) {
  await tx
    .insertInto('after_sale_logs')
    .values({ after_sale_id: c.id, vendor_id: c.vendor_id, content: content.slice(0, 1000), operator: operator.slice(0, 60), created_at: nowIso() })
    .execute();
}

export function reasonsOf(db: DB | Tx, type: number) {
  return db.selectFrom('after_sale_reasons').select(['id', 'type', 'content']).where('type', '=', type).orderBy('sort').orderBy('id').execute();
}

/** The statuses of an open case: at most one per order (unique index after_sales_one_open_per_order). */
export const OPEN_CASE_STATUSES = [AFTER_SALE_STATUS.applying, AFTER_SALE_STATUS.processing];

/**
 * What may still be compensated on an order (decision 116): what the vendor paid for it (real_pay_fen of a
 * paid order) less the approved compensations; `exceptCase` leaves one case out of the sum.
 */
export async function compensationRoomFen(db: DB | Tx, orderId: number, exceptCase: number | null = null): Promise<{ paidFen: number; compensatedFen: number; leftFen: number }> {
  const order = await db.selectFrom('orders').select(['real_pay_fen', 'paid_flag']).where('id', '=', orderId).executeTakeFirstOrThrow();
  let q = db
    .selectFrom('after_sales')
    .select(sql<string | number | null>`sum(money_fen)`.as('n'))
    .where('order_id', '=', orderId)
    .where('type', '=', 1)
    .where('check_status', '=', AFTER_SALE_CHECK.approved);
  if (exceptCase !== null) q = q.where('id', '<>', exceptCase);
  const { n } = await q.executeTakeFirstOrThrow();
  const paidFen = order.paid_flag === 1 ? Number(order.real_pay_fen) : 0;
  const compensatedFen = Number(n ?? 0);
  return { paidFen, compensatedFen, leftFen: Math.max(0, paidFen - compensatedFen) };
}

/** One page of the cases `q` selects, newest first. */
export const selectCasePage = (q: CaseQuery, pageNum: number, pageSize: number) =>
  selectCases(q.orderBy('after_sales.created_at', 'desc').orderBy('after_sales.id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize));

/** The case `id` if `q` (a vendor's, a user's or every case) holds it. */
export const selectCaseById = (q: CaseQuery, id: number) => selectCases(q.where('after_sales.id', '=', id));

/** Company names of vendors, by id (the console's case rows). */
export async function vendorCompanies(db: DB | Tx, ids: number[]): Promise<Map<number, string>> {
  const vendors = ids.length ? await db.selectFrom('vendors').select(['id', 'company']).where('id', 'in', ids).execute() : [];
  return new Map(vendors.map((v) => [v.id, v.company]));
}
