import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { fenToYuan, yuanToFen } from '@portal/domain/money';
import { PAY_METHOD, PAY_STATUS, PAYMENT_TYPE } from '@portal/domain/enums';
import { id as idRule, pageQuery } from '@portal/domain/validation';
import {
  adjustBody,
  isPlatformCredit,
  platformRechargeQuery,
  platformVendorQuery,
  PLATFORM_WALLET_API,
  rejectBody,
  WALLET_MSG,
} from '@portal/domain/wallet';
import { ok, page } from '../lib/envelope';
import { AppError, badRequest, notFound, parse } from '../lib/errors';
import { toShanghai } from '../lib/time';
import { operatorOf } from '../plugins/auth';
import { moveBalance, rejectPendingRecord, settlePendingRecord } from '../lib/wallet-ledger';
import { listRecords } from '../modules/wallet/wallet.repository';

const idParam = (raw: string) => {
  const r = idRule.safeParse(raw);
  if (!r.success) throw notFound();
  return r.data;
};

/** The operator's side of the wallet: confirm or reject top-ups, see balances, credit or debit. */
export default async function platformWalletRoutes(app: FastifyInstance) {
  const mainPhone = sql<string>`(select u.phone from users u where u.vendor_id = vendors.id and u.is_sub = 0 order by u.id limit 1)`;

  app.get(PLATFORM_WALLET_API.recharges, { config: { access: 'platform' } }, async (req) => {
    const q = platformRechargeQuery.parse(req.query ?? {});
    let base = app.db
      .selectFrom('account_records')
      .innerJoin('vendors', 'vendors.id', 'account_records.vendor_id')
      .where('account_records.payment_type', '=', PAYMENT_TYPE.topUp);
    if (q.payStatus !== undefined) base = base.where('account_records.pay_status', '=', q.payStatus);
    if (q.keyword) {
      const kw = `%${q.keyword.replace(/[\\%_]/g, '')}%`;
      base = base.where((eb) => eb.or([eb('vendors.company', 'like', kw), eb(mainPhone, 'like', kw), eb('account_records.transaction_flow_no', 'like', kw)]));
    }
    const [rows, count] = await Promise.all([
      base
        .select([
          'account_records.id', 'account_records.vendor_id', 'account_records.amount_fen', 'account_records.credentials', 'account_records.remarks',
          'account_records.pay_status', 'account_records.pay_time', 'account_records.transaction_flow_no', 'account_records.operator',
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
    return page(
      rows.map((r) => ({
        id: r.id,
        vendorId: r.vendor_id,
        company: r.company,
        phone: r.phone ?? '',
        amount: fenToYuan(Number(r.amount_fen)),
        credentials: r.credentials,
        credentialsUrl: app.fileUrls.sign(r.credentials),
        remarks: r.remarks,
        payStatus: r.pay_status,
        payTime: toShanghai(r.pay_time),
        transactionFlowNo: r.transaction_flow_no,
        operator: r.operator,
        rejectReason: r.reject_reason,
        handledTime: toShanghai(r.confirmed_at),
        balanceAfter: r.balance_after_fen === null ? null : fenToYuan(Number(r.balance_after_fen)),
      })),
      Number(count.n),
    );
  });

  /** A top-up that exists; anything else (another payment type, unknown id) is not found. */
  const loadTopUp = async (id: number) => {
    const rec = await app.db.selectFrom('account_records').select(['id', 'pay_status']).where('id', '=', id).where('payment_type', '=', PAYMENT_TYPE.topUp).executeTakeFirst();
    if (!rec) throw notFound();
    return rec;
  };

  app.post<{ Params: { id: string } }>(PLATFORM_WALLET_API.confirm(':id'), { config: { access: 'platform', idempotent: true } }, async (req) => {
    const op = operatorOf(req);
    const id = idParam(req.params.id);
    await loadTopUp(id);
    const settled = await app.db.transaction().execute((tx) => settlePendingRecord(tx, id, { operator: op.name, operatorId: op.operatorId }));
    if (!settled) throw badRequest(WALLET_MSG.alreadyHandled);
    return ok({ balance: fenToYuan(settled.balanceAfterFen), transactionFlowNo: settled.transactionFlowNo }, WALLET_MSG.confirmOk);
  });

  app.post<{ Params: { id: string } }>(PLATFORM_WALLET_API.reject(':id'), { config: { access: 'platform', idempotent: true } }, async (req) => {
    const op = operatorOf(req);
    const id = idParam(req.params.id);
    const body = parse(rejectBody, req.body);
    await loadTopUp(id);
    const done = await app.db.transaction().execute((tx) => rejectPendingRecord(tx, id, { operator: op.name, operatorId: op.operatorId, reason: body.reason }));
    if (!done) throw badRequest(WALLET_MSG.alreadyHandled);
    return ok(null, WALLET_MSG.rejectOk);
  });

  app.get(PLATFORM_WALLET_API.vendors, { config: { access: 'platform' } }, async (req) => {
    const q = platformVendorQuery.parse(req.query ?? {});
    const pending = sql<number>`(select count(*) from account_records r where r.vendor_id = vendors.id and r.payment_type = ${PAYMENT_TYPE.topUp} and r.pay_status = ${PAY_STATUS.awaitingConfirm})`;
    let base = app.db.selectFrom('vendors').where('vendors.closed_at', 'is', null);
    if (q.keyword) {
      const kw = `%${q.keyword.replace(/[\\%_]/g, '')}%`;
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
    return page(
      rows.map((v) => ({
        id: v.id,
        company: v.company,
        name: v.name,
        phone: v.phone ?? '',
        balance: fenToYuan(Number(v.balance_fen)),
        pendingRecharges: Number(v.pending),
        createTime: toShanghai(v.created_at),
      })),
      Number(count.n),
    );
  });

  app.get<{ Params: { vendorId: string } }>(PLATFORM_WALLET_API.vendorRecords(':vendorId'), { config: { access: 'platform' } }, async (req) => {
    const vendorId = idParam(req.params.vendorId);
    const exists = await app.db.selectFrom('vendors').select('id').where('id', '=', vendorId).executeTakeFirst();
    if (!exists) throw notFound();
    const q = pageQuery.parse(req.query ?? {});
    const { rows, total } = await listRecords(app.db, vendorId, {}, q.pageNum, q.pageSize);
    return page(rows, total);
  });

  app.post(PLATFORM_WALLET_API.adjust, { config: { access: 'platform', idempotent: true } }, async (req) => {
    const op = operatorOf(req);
    const body = parse(adjustBody, req.body);
    const vendor = await app.db.selectFrom('vendors').select('id').where('id', '=', body.vendorId).where('closed_at', 'is', null).executeTakeFirst();
    if (!vendor) throw notFound();
    const magnitude = yuanToFen(body.amount);
    const amountFen = isPlatformCredit(body.paymentType) ? magnitude : -magnitude;
    try {
      const moved = await app.db.transaction().execute((tx) =>
        moveBalance(tx, {
          vendorId: body.vendorId,
          amountFen,
          paymentType: body.paymentType,
          payMethod: PAY_METHOD.balance,
          payStatus: PAY_STATUS.paid,
          orderNo: body.orderNo,
          remarks: body.reason,
          operator: op.name,
          operatorId: op.operatorId,
        }),
      );
      return ok({ recordId: moved.recordId, balance: fenToYuan(moved.balanceAfterFen), transactionFlowNo: moved.transactionFlowNo });
    } catch (err) {
      if (err instanceof AppError && err.message === WALLET_MSG.insufficient) throw badRequest(WALLET_MSG.vendorInsufficient);
      throw err;
    }
  });
}
