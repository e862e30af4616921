import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fenToYuan, yuanToFen } from '@portal/domain/money';
import { PAY_METHOD, PAY_STATUS } from '@portal/domain/enums';
import { id as idRule, pageQuery } from '@portal/domain/validation';
import { envelope, idParams, noData, pageEnvelope } from '@portal/domain/contract/envelope';
import { accountRecord, balanceAdjusted, platformRecharge, platformVendorBalance, topUpConfirmed } from '@portal/domain/contract/wallet';
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
import { AppError, badRequest, notFound } from '../lib/errors';
import { operatorOf } from '../plugins/auth';
import { moveBalance, rejectPendingRecord, settlePendingRecord } from '../lib/wallet-ledger';
import { listRecords } from '../modules/wallet/wallet.repository';
import { findTopUp, listTopUps, listVendorBalances, vendorExists } from './wallet.repository';

/** The operator's side of the wallet: confirm or reject top-ups, see balances, credit or debit. */
export default async function platformWalletRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const platform = { access: 'platform' } as const;
  const decision = { access: 'platform', idempotent: true } as const;

  app.get(PLATFORM_WALLET_API.recharges, { config: platform, schema: { querystring: platformRechargeQuery, response: { 200: pageEnvelope(platformRecharge) } } }, async (req) => {
    const { rows, total } = await listTopUps(app.db, req.query, (path) => app.fileUrls.sign(path));
    return page(rows, total);
  });

  /** A top-up that exists; anything else (another payment type, unknown id) is not found. */
  const loadTopUp = async (id: number) => {
    const rec = await findTopUp(app.db, id);
    if (!rec) throw notFound();
    return rec;
  };

  app.post(PLATFORM_WALLET_API.confirm(':id'), { config: decision, schema: { params: idParams, response: { 200: envelope(topUpConfirmed) } } }, async (req) => {
    const op = operatorOf(req);
    const { id } = req.params;
    await loadTopUp(id);
    const settled = await app.db.transaction().execute((tx) => settlePendingRecord(tx, id, { operator: op.name, operatorId: op.operatorId }));
    if (!settled) throw badRequest(WALLET_MSG.alreadyHandled);
    return ok({ balance: fenToYuan(settled.balanceAfterFen), transactionFlowNo: settled.transactionFlowNo }, WALLET_MSG.confirmOk);
  });

  app.post(PLATFORM_WALLET_API.reject(':id'), { config: decision, schema: { params: idParams, body: rejectBody, response: { 200: noData } } }, async (req) => {
    const op = operatorOf(req);
    const { id } = req.params;
    await loadTopUp(id);
    const done = await app.db.transaction().execute((tx) => rejectPendingRecord(tx, id, { operator: op.name, operatorId: op.operatorId, reason: req.body.reason }));
    if (!done) throw badRequest(WALLET_MSG.alreadyHandled);
    return ok(null, WALLET_MSG.rejectOk);
  });

  app.get(PLATFORM_WALLET_API.vendors, { config: platform, schema: { querystring: platformVendorQuery, response: { 200: pageEnvelope(platformVendorBalance) } } }, async (req) => {
    const { rows, total } = await listVendorBalances(app.db, req.query);
    return page(rows, total);
  });

  const vendorParams = z.object({ vendorId: idRule });
  app.get(PLATFORM_WALLET_API.vendorRecords(':vendorId'), { config: platform, schema: { params: vendorParams, querystring: pageQuery, response: { 200: pageEnvelope(accountRecord) } } }, async (req) => {
    const { vendorId } = req.params;
    if (!(await vendorExists(app.db, vendorId))) throw notFound();
    const { rows, total } = await listRecords(app.db, vendorId, {}, req.query.pageNum, req.query.pageSize);
    return page(rows, total);
  });

  app.post(PLATFORM_WALLET_API.adjust, { config: decision, schema: { body: adjustBody, response: { 200: envelope(balanceAdjusted) } } }, async (req) => {
    const op = operatorOf(req);
    const body = req.body;
    if (!(await vendorExists(app.db, body.vendorId, true))) throw notFound();
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
