import { sql } from 'kysely';
import { fenToYuan } from '@portal/domain/money';
import { PAY_STATUS, PAYMENT_TYPE } from '@portal/domain/enums';
import type { PlatformRecharge } from '@portal/domain/contract/wallet';
import type { DB } from '../db/database';
import { toShanghai } from '../lib/time';

/** The console's wallet queries (top-up queue, vendor balances). */

const mainPhone = sql<string>`(select u.phone from users u where u.vendor_id = vendors.id and u.is_sub = 0 order by u.id limit 1)`;
const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '')}%`;

export async function listTopUps(
  db: DB,
  q: { payStatus?: number; keyword?: string; pageNum: number; pageSize: number },
  signUrl: (path: string) => string,
): Promise<{ rows: PlatformRecharge[]; total: number }> {
  let base = db
    .selectFrom('account_records')
    .innerJoin('vendors', 'vendors.id', 'account_records.vendor_id')
    .where('account_records.payment_type', '=', PAYMENT_TYPE.topUp);
  if (q.payStatus !== undefined) base = base.where('account_records.pay_status', '=', q.payStatus);
  if (q.keyword) {
    const kw = likeOf(q.keyword);
    base = base.where((eb) => eb.or([eb('vendors.company', 'like', kw), eb(mainPhone, 'like', kw), eb('account_records.transaction_flow_no', 'like', kw)]));
  }
  const [rows, count] = await Promise.all([
    base
      .select([
        'account_records.id', 'account_records.vendor_id', 'account_records.amount_fen', 'account_records.credentials', 'account_records.remarks',
        'account_records.pay_status', 'account_records.created_at', 'account_records.transaction_flow_no', 'account_records.operator',
        'account_records.reject_reason', 'account_records.confirmed_at', 'account_records.balance_after_fen', 'vendors.company',
      ])
      .select(mainPhone.as('phone'))
      .orderBy('account_records.created_at', 'desc')
      .orderBy('account_records.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      vendorId: r.vendor_id,
      company: r.company,
      phone: r.phone ?? '',
      amount: fenToYuan(Number(r.amount_fen)),
      credentials: r.credentials,
      credentialsUrl: signUrl(r.credentials),
      remarks: r.remarks,
      payStatus: r.pay_status,
      // 提交时间: when the vendor submitted it (a confirmed top-up's pay time is its confirmation, decision 271).
      payTime: toShanghai(r.created_at),
      transactionFlowNo: r.transaction_flow_no,
      operator: r.operator,
      rejectReason: r.reject_reason,
      handledTime: toShanghai(r.confirmed_at),
      balanceAfter: r.balance_after_fen === null ? null : fenToYuan(Number(r.balance_after_fen)),
    })),
    total: Number(count.n),
  };
}

/** A top-up record (another payment type is not one). */
export const findTopUp = (db: DB, id: number) =>
  db.selectFrom('account_records').select(['id', 'pay_status']).where('id', '=', id).where('payment_type', '=', PAYMENT_TYPE.topUp).executeTakeFirst();

export async function listVendorBalances(db: DB, q: { keyword?: string; pageNum: number; pageSize: number }) {
  const pending = sql<number>`(select count(*) from account_records r where r.vendor_id = vendors.id and r.payment_type = ${PAYMENT_TYPE.topUp} and r.pay_status = ${PAY_STATUS.awaitingConfirm})`;
  let base = db.selectFrom('vendors').where('vendors.closed_at', 'is', null);
  if (q.keyword) {
    const kw = likeOf(q.keyword);
    base = base.where((eb) => eb.or([eb('vendors.company', 'like', kw), eb('vendors.name', 'like', kw), eb(mainPhone, 'like', kw)]));
  }
  const [rows, count] = await Promise.all([
    base
      .select(['vendors.id', 'vendors.company', 'vendors.name', 'vendors.balance_fen', 'vendors.created_at'])
      .select([mainPhone.as('phone'), pending.as('pending')])
      .orderBy('vendors.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((v) => ({
      id: v.id,
      company: v.company,
      name: v.name,
      phone: v.phone ?? '',
      balance: fenToYuan(Number(v.balance_fen)),
      pendingRecharges: Number(v.pending),
      createTime: toShanghai(v.created_at),
    })),
    total: Number(count.n),
  };
}

/** A vendor by id; `open`: only one not closed. */
export const vendorExists = async (db: DB, id: number, open = false) => {
  let q = db.selectFrom('vendors').select('id').where('id', '=', id);
  if (open) q = q.where('closed_at', 'is', null);
  return Boolean(await q.executeTakeFirst());
};
