import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, noData, pageEnvelope } from '@portal/domain/contract/envelope';
import { platformInvoiceRow } from '@portal/domain/contract/statements';
import { extOf } from '@portal/domain/files';
import { fenToYuanText, yuanToFen } from '@portal/domain/money';
import { INVOICE_MSG, INVOICE_STATUS, invoiceIssueBody, invoiceListQuery, invoiceRedBody, invoiceRedChangedMsg, invoiceRejectBody, PLATFORM_INVOICE_API } from '@portal/domain/statements';
import { ok, page } from '../lib/envelope';
import { badRequest } from '../lib/errors';
import { assertPlatformFiles } from '../lib/files.repository';
import { nowIso } from '../lib/time';
import { emitDomainEvent } from '../lib/domain-events';
import { decideRequest, listRequests, releaseItems, vendorNames } from '../modules/invoices/invoices.repository';
import { requestOf, toInvoiceRow, type RedInvoice } from '../modules/invoices/invoices.service';
import { notDecidable, recheckRequest } from '../modules/invoices/invoice-refunds';
import { registerRed } from '../modules/invoices/invoice-refunds.repository';
import { operatorOf } from '../plugins/auth';

/** The operator's side of invoice requests: every vendor's, issue with the PDF or reject; register a red invoice. */
export default async function platformInvoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(PLATFORM_INVOICE_API.list, { config: { access: 'platform' }, schema: { querystring: invoiceListQuery, response: { 200: pageEnvelope(platformInvoiceRow) } } }, async (req) => {
    const f = req.query;
    const [rows, total] = await listRequests(app.db, { vendorId: null, ...f });
    const names = new Map((await vendorNames(app.db, [...new Set(rows.map((r) => r.vendor_id))])).map((v) => [v.id, v.company]));
    return page(
      rows.map((r) => ({ ...toInvoiceRow(r), vendorName: names.get(r.vendor_id) ?? '', bankName: r.bank_name, bankAccount: r.bank_account, registeredAddress: r.registered_address, registeredPhone: r.registered_phone })),
      total,
    );
  });

  app.post(PLATFORM_INVOICE_API.issue(':id'), { config: { access: 'platform', idempotent: true }, schema: { params: idParams, body: invoiceIssueBody, response: { 200: noData } } }, async (req) => {
    const op = operatorOf(req);
    const { pdf, amount } = req.body;
    if (extOf(pdf) !== 'pdf') throw badRequest(INVOICE_MSG.pdfRequired);
    const r = await requestOf(app.db, req.params.id);
    await assertPlatformFiles(app.db, r.vendor_id, pdf);
    await recheckRequest(app.db, r);
    await app.db.transaction().execute(async (tx) => {
      const at = nowIso();
      // Only for the amount the operator saw: an order cancelled and refunded meanwhile changed it (decision 291).
      const claimed = await decideRequest(tx, r.id, { status: INVOICE_STATUS.issued, pdf_path: pdf, decided_by: op.operatorId, decided_at: at }, yuanToFen(amount));
      if (!claimed) throw await notDecidable(tx, r.id);
      await emitDomainEvent(tx, { type: 'invoice.decided', vendorId: r.vendor_id, requestId: r.id, invoiceNo: r.invoice_no, issued: true, at });
    });
    return ok(null, INVOICE_MSG.issueOk);
  });

  // A red invoice takes back what was refunded after issue (decision 291): registered for exactly what is owed.
  app.post(PLATFORM_INVOICE_API.red(':id'), { config: { access: 'platform', idempotent: true }, schema: { params: idParams, body: invoiceRedBody, response: { 200: noData } } }, async (req) => {
    const { pdf, amount } = req.body;
    if (extOf(pdf) !== 'pdf') throw badRequest(INVOICE_MSG.pdfRequired);
    const r = await requestOf(app.db, req.params.id);
    await assertPlatformFiles(app.db, r.vendor_id, pdf);
    const owed = Number(r.red_fen) - Number(r.red_done_fen);
    if (r.status !== INVOICE_STATUS.issued || owed <= 0) throw badRequest(INVOICE_MSG.redNotOwed);
    if (yuanToFen(amount) !== owed) throw badRequest(invoiceRedChangedMsg(fenToYuanText(owed)));
    const reds = [...(JSON.parse(r.red_invoices) as RedInvoice[]), { pdf, amountFen: owed, at: nowIso() }];
    const done = await app.db.transaction().execute((tx) =>
      registerRed(tx, r.id, { redFen: Number(r.red_fen), doneFen: Number(r.red_done_fen) }, { red_done_fen: Number(r.red_fen), red_invoices: JSON.stringify(reds) }),
    );
    if (!done) {
      const now = await requestOf(app.db, r.id);
      throw badRequest(invoiceRedChangedMsg(fenToYuanText(Number(now.red_fen) - Number(now.red_done_fen))));
    }
    return ok(null, INVOICE_MSG.redOk);
  });

  app.post(PLATFORM_INVOICE_API.reject(':id'), { config: { access: 'platform', idempotent: true }, schema: { params: idParams, body: invoiceRejectBody, response: { 200: noData } } }, async (req) => {
    const op = operatorOf(req);
    const { reason } = req.body;
    const r = await requestOf(app.db, req.params.id);
    await app.db.transaction().execute(async (tx) => {
      const at = nowIso();
      const claimed = await decideRequest(tx, r.id, { status: INVOICE_STATUS.rejected, reject_reason: reason, decided_by: op.operatorId, decided_at: at });
      if (!claimed) throw await notDecidable(tx, r.id);
      await emitDomainEvent(tx, { type: 'invoice.decided', vendorId: r.vendor_id, requestId: r.id, invoiceNo: r.invoice_no, issued: false, at });
      await releaseItems(tx, r.id);
    });
    return ok(null, INVOICE_MSG.rejectOk);
  });
}
