import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { download, envelope, pageEnvelope } from '@portal/domain/contract/envelope';
import { statementDetail as statementDetailShape, statementMonth } from '@portal/domain/contract/statements';
import { PERM } from '@portal/domain/permissions';
import { monthParam, STATEMENT_API } from '@portal/domain/statements';
import { ok, page } from '../../lib/envelope';
import { parse } from '../../lib/errors';
import { sendXlsx, XLSX_TYPE } from '../../lib/xlsx-stream';
import { documentedOnly } from '../../plugins/contract';
import { vendorOf } from '../../plugins/auth';
import { statementFileName, streamStatementXlsx } from './statement-export';
import { statementDetail, statementList } from './statements.service';

/** 我的钱包 → 月度对账单 (issue 20, decision 180): readable by whoever may read the ledger. */
export default async function statementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The handler parses the month itself: a malformed one is 400 with its own message, not 404.
  const monthParams = documentedOnly(z.object({ month: z.string().describe('YYYY-MM') }));
  app.get(STATEMENT_API.list, { config: { access: PERM.accountList }, schema: { response: { 200: pageEnvelope(statementMonth) } } }, async (req) => {
    const rows = await statementList(app.db, vendorOf(req).vendorId);
    return page(rows, rows.length);
  });

  app.get(STATEMENT_API.month(':month'), { config: { access: PERM.accountList }, schema: { params: monthParams, response: { 200: envelope(statementDetailShape) } } }, async (req) => {
    return ok(await statementDetail(app.db, vendorOf(req).vendorId, parse(monthParam, req.params.month)));
  });

  const exportSchema = { params: monthParams, produces: [XLSX_TYPE], response: { 200: download } };
  app.post(STATEMENT_API.exportMonth(':month'), { config: { access: PERM.accountList }, schema: exportSchema }, async (req, reply) => {
    const vendorId = vendorOf(req).vendorId;
    const detail = await statementDetail(app.db, vendorId, parse(monthParam, req.params.month));
    const stream = streamStatementXlsx(app.db, vendorId, detail, (err) => req.log.error({ err }, 'statement export failed'));
    return sendXlsx(reply, statementFileName(detail.month), stream);
  });
}
