import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, pageEnvelope } from '@portal/domain/contract/envelope';
import { invoiceApplied, invoiceableMonths as invoiceableShape, invoiceRow } from '@portal/domain/contract/statements';
import { PERM } from '@portal/domain/permissions';
import { INVOICE_API, INVOICE_MSG, invoiceApplyBody, invoiceListQuery } from '@portal/domain/statements';
import { ok, page } from '../../lib/envelope';
import { ownScope, vendorOf } from '../../plugins/auth';
import { listRequests } from './invoices.repository';
import { applyInvoice, invoiceableMonths, toInvoiceRow } from './invoices.service';
import { listenForRefunds } from './invoice-refunds';

/**
 * 开票申请 (issue 20, decisions 181, 273): the ledger's readers see the requests; filing one is the button
 * 申请开票 (`app:invoice:apply`), within the caller's order data scope.
 */
export default async function invoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A cancelled and refunded order leaves the invoice that held its money (decision 291).
  listenForRefunds();
  const applySchema = { body: invoiceApplyBody, response: { 200: envelope(invoiceApplied) } };
  app.post(INVOICE_API.apply, { config: { access: PERM.invoiceApply, idempotent: true }, schema: applySchema }, async (req) => {
    const p = vendorOf(req);
    return ok(await applyInvoice(app.db, { vendorId: p.vendorId, userId: p.userId, ownerId: ownScope(p, PERM.orderList) }, req.body), INVOICE_MSG.applyOk);
  });

  app.get(INVOICE_API.list, { config: { access: PERM.accountList }, schema: { querystring: invoiceListQuery, response: { 200: pageEnvelope(invoiceRow) } } }, async (req) => {
    const f = req.query;
    const [rows, total] = await listRequests(app.db, { vendorId: vendorOf(req).vendorId, ...f });
    return page(rows.map(toInvoiceRow), total);
  });

  app.get(INVOICE_API.invoiceable, { config: { access: PERM.accountList }, schema: { response: { 200: envelope(invoiceableShape) } } }, async (req) => {
    return ok(await invoiceableMonths(app.db, vendorOf(req).vendorId));
  });
}
