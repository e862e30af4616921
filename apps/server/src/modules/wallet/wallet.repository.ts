import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import { fenToYuan } from '@portal/domain/money';
import { PAY_STATUS_REJECTED } from '@portal/domain/enums';
import { extOf, PICTURE_EXT } from '@portal/domain/files';
import type { AccountRecord, RecordsQuery } from '@portal/domain/wallet';
import type { Database, DB } from '../../db/database';
import type { AccountRecordsTable } from '../../db/schema/wallet';
import { likeContains } from '../../lib/like';
import { fromShanghai, toShanghai, untilShanghai } from '../../lib/time';

/** The columns a ledger row answers with (list and export read only these). */
const RECORD_FIELDS = [
  'id', 'order_no', 'payment_type', 'pay_time', 'amount_fen', 'change_type', 'before_balance_fen', 'balance_after_fen',
  'transaction_flow_no', 'operator', 'pay_status', 'pay_method', 'remarks', 'reject_reason',
] as const;
type RecordRow = Pick<Selectable<AccountRecordsTable>, (typeof RECORD_FIELDS)[number]>;

/** Apply the screen's filters (spec 01 §7 records list) to a query over account_records. */
export function filterRecords<O>(q: SelectQueryBuilder<Database, 'account_records', O>, vendorId: number, f: RecordsQuery) {
  let out = q.where('account_records.vendor_id', '=', vendorId);
  if (f.changeType !== undefined) out = out.where('account_records.change_type', '=', f.changeType);
  if (f.paymentType !== undefined) out = out.where('account_records.payment_type', '=', f.paymentType);
  const from = fromShanghai(f.minPayTime);
  const to = untilShanghai(f.maxPayTime);
  if (from) out = out.where('account_records.pay_time', '>=', from);
  if (to) out = out.where('account_records.pay_time', '<', to);
  // The order number as typed: its %, _ and \ match themselves (lib/like.ts, decision 157).
  if (f.orderNo) out = out.where(likeContains('account_records.order_no', f.orderNo));
  return out;
}

/** What the vendor reads in the remarks column: its own remarks, and the reason of a refusal. */
export function remarksOf(r: Pick<RecordRow, 'remarks' | 'pay_status' | 'reject_reason'>): string {
  if (r.pay_status !== PAY_STATUS_REJECTED || !r.reject_reason) return r.remarks;
  return r.remarks ? `${r.remarks}；驳回原因：${r.reject_reason}` : `驳回原因：${r.reject_reason}`;
}

const yuanOrNull = (fen: number | null) => (fen === null || fen === undefined ? null : fenToYuan(Number(fen)));

/** One ledger row as the API answers it. payAmount is the magnitude; changeType gives the sign. */
export function toAccountRecord(r: RecordRow): AccountRecord {
  return {
    id: r.id,
    orderNo: r.order_no ?? '',
    paymentType: r.payment_type,
    payTime: toShanghai(r.pay_time),
    payAmount: fenToYuan(Math.abs(Number(r.amount_fen))),
    changeType: r.change_type,
    beforeBalance: yuanOrNull(r.before_balance_fen),
    balance: yuanOrNull(r.balance_after_fen),
    transactionFlowNo: r.transaction_flow_no,
    operator: r.operator,
    payStatus: r.pay_status,
    payType: r.pay_method,
    remarks: remarksOf(r),
  };
}

export async function listRecords(db: DB, vendorId: number, f: RecordsQuery, pageNum: number, pageSize: number) {
  const base = filterRecords(db.selectFrom('account_records'), vendorId, f);
  const [rows, count] = await Promise.all([
    base.select(RECORD_FIELDS).orderBy('pay_time', 'desc').orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toAccountRecord), total: Number(count.n) };
}

/**
 * The filtered ledger in screen order, read in keyset pages so an export of any size holds one
 * page in memory at a time.
 */
export async function* recordBatches(db: DB, vendorId: number, f: RecordsQuery, batchSize = 500): AsyncGenerator<AccountRecord[]> {
  let cursor: { payTime: string; id: number } | null = null;
  for (;;) {
    let q = filterRecords(db.selectFrom('account_records'), vendorId, f).select(RECORD_FIELDS);
    if (cursor) {
      const c: { payTime: string; id: number } = cursor;
      // A row-value comparison walks the (vendor_id, pay_time, id) index on both databases.
      q = q.where(sql<boolean>`(account_records.pay_time, account_records.id) < (${c.payTime}, ${c.id})`);
    }
    const rows = await q.orderBy('pay_time', 'desc').orderBy('id', 'desc').limit(batchSize).execute();
    if (rows.length === 0) return;
    yield rows.map(toAccountRecord);
    const last = rows[rows.length - 1]!;
    cursor = { payTime: last.pay_time, id: last.id };
    if (rows.length < batchSize) return;
  }
}

/** Strip the image root from a proof path: the widget sends paths without it, but accept either. */
export function normalizeFilePath(value: string, fileRootUrl: string): string {
  let v = value.trim();
  const root = fileRootUrl.replace(/\/+$/, '');
  if (root && v.startsWith(`${root}/`)) v = v.slice(root.length);
  return v.startsWith('/') ? v : `/${v}`;
}

/** True when `path` is a picture this vendor uploaded itself. */
export async function isOwnPicture(db: DB, vendorId: number, path: string): Promise<boolean> {
  if (!(PICTURE_EXT as readonly string[]).includes(extOf(path))) return false;
  const row = await db.selectFrom('files').select('id').where('vendor_id', '=', vendorId).where('path', '=', path).executeTakeFirst();
  return Boolean(row);
}

