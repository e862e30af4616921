import type { FastifyInstance } from 'fastify';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { fenToYuan, yuanToFen } from '@portal/domain/money';
import { PAY_METHOD, PAYMENT_TYPE } from '@portal/domain/enums';
import { PERM } from '@portal/domain/permissions';
import { rechargeBody, recordsPageQuery, recordsQuery, WALLET_MSG } from '@portal/domain/wallet';
import { ok, page } from '../../lib/envelope';
import { badRequest, parse } from '../../lib/errors';
import { vendorOf } from '../../plugins/auth';
import { addPendingRecord, balanceOf } from '../../lib/wallet-ledger';
import { isOwnPicture, listRecords, normalizeFilePath, recordBatches } from './wallet.repository';
import { userDisplayName } from '../../lib/user-names';
import { exportFileName, streamRecordsXlsx } from './records-export';
import { sendXlsx } from '../../lib/xlsx-stream';


/** The vendor's wallet: balance, top-up with proof, the ledger and its export (spec 01 §7). */
export default async function walletRoutes(app: FastifyInstance) {
  app.get(API.wallet, { config: { access: 'user' } }, async (req) => {
    const p = vendorOf(req);
    return ok({ balance: fenToYuan(await balanceOf(app.db, p.vendorId)) });
  });

  app.post(API.recharge, { config: { access: PERM.accountRecharge, idempotent: true } }, async (req) => {
    const p = vendorOf(req);
    const body = parse(rechargeBody, req.body);
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

  app.get(API.records, { config: { access: PERM.accountList } }, async (req) => {
    const p = vendorOf(req);
    const q = recordsPageQuery.parse(req.query ?? {});
    const { rows, total } = await listRecords(app.db, p.vendorId, q, q.pageNum, q.pageSize);
    return page(rows, total);
  });

  app.post(API.recordsExport, { config: { access: PERM.accountList } }, async (req, reply) => {
    const p = vendorOf(req);
    // Filters may come as the JSON body (the web's POST-blob download) or in the query string.
    const f = recordsQuery.parse({ ...(req.query as object), ...(req.body as object) });
    const stream = streamRecordsXlsx(recordBatches(app.db, p.vendorId, f), (err) => req.log.error({ err }, 'records export failed'));
    return sendXlsx(reply, exportFileName(), stream);
  });
}
