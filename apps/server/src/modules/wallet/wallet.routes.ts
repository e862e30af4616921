import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { download, envelope, pageEnvelope } from '@portal/domain/contract/envelope';
import { accountRecord, rechargeCreated, walletInfo } from '@portal/domain/contract/wallet';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { fenToYuan, yuanToFen } from '@portal/domain/money';
import { PAY_METHOD, PAYMENT_TYPE } from '@portal/domain/enums';
import { PERM } from '@portal/domain/permissions';
import { rechargeBody, recordsPageQuery, recordsQuery, WALLET_MSG } from '@portal/domain/wallet';
import { ok, page } from '../../lib/envelope';
import { badRequest } from '../../lib/errors';
import { vendorOf } from '../../plugins/auth';
import { addPendingRecord, balanceOf } from '../../lib/wallet-ledger';
import { isOwnPicture, listRecords, normalizeFilePath, recordBatches } from './wallet.repository';
import { userDisplayName } from '../../lib/user-names';
import { exportFileName, streamRecordsXlsx } from './records-export';
import { sendXlsx, XLSX_TYPE } from '../../lib/xlsx-stream';


/** The vendor's wallet: balance, top-up with proof, the ledger and its export (spec 01 §7). */
export default async function walletRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(API.wallet, { config: { access: 'user' }, schema: { response: { 200: envelope(walletInfo) } } }, async (req) => {
    const p = vendorOf(req);
    return ok({ balance: fenToYuan(await balanceOf(app.db, p.vendorId)) });
  });

  const rechargeSchema = { body: rechargeBody, response: { 200: envelope(rechargeCreated) } };
  app.post(API.recharge, { config: { access: PERM.accountRecharge, idempotent: true }, schema: rechargeSchema }, async (req) => {
    const p = vendorOf(req);
    const body = req.body;
    const credentials = normalizeFilePath(body.credentials, app.config.FILE_ROOT_URL);
    if (!(await isOwnPicture(app.db, p.vendorId, credentials))) throw badRequest(WALLET_MSG.proofNotOwn);
    const operator = await userDisplayName(app.db, p.userId);
    const rec = await app.db.transaction().execute((tx) =>
      addPendingRecord(tx, {
        vendorId: p.vendorId,
        amountFen: yuanToFen(body.rechargeAmount),
        paymentType: PAYMENT_TYPE.topUp,
        payMethod: PAY_METHOD.qrCode,
        credentials,
        remarks: body.remarks,
        operator,
        createdBy: p.userId,
      }),
    );
    return ok({ id: rec.recordId, transactionFlowNo: rec.transactionFlowNo }, MSG.submitOk);
  });

  app.get(API.records, { config: { access: PERM.accountList }, schema: { querystring: recordsPageQuery, response: { 200: pageEnvelope(accountRecord) } } }, async (req) => {
    const p = vendorOf(req);
    const q = req.query;
    const { rows, total } = await listRecords(app.db, p.vendorId, q, q.pageNum, q.pageSize);
    return page(rows, total);
  });

  // Filters may come as the JSON body (the web's POST-blob download) or in the query string.
  const exportSchema = { body: recordsQuery, produces: [XLSX_TYPE], response: { 200: download } };
  app.post(API.recordsExport, { config: { access: PERM.accountList, input: 'query+body' }, schema: exportSchema }, async (req, reply) => {
    const p = vendorOf(req);
    const f = req.body;
    const stream = streamRecordsXlsx(recordBatches(app.db, p.vendorId, f), (err) => req.log.error({ err }, 'records export failed'));
    return sendXlsx(reply, exportFileName(), stream);
  });
}
