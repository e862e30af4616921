import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParams, pageEnvelope } from '@portal/domain/contract/envelope';
import { orderExtraFees, platformExtraFeeRow } from '@portal/domain/contract/extra-fees';
import { extraFeeListQuery, extraFeeRequestBody, extraFeeStatus, PLATFORM_EXTRA_FEE_API } from '@portal/domain/extra-fees';
import { ok, page } from '../lib/envelope';
import { notFound } from '../lib/errors';
import { operatorOf } from '../plugins/auth';
import { capOfOrder } from '../modules/extra-fees/extra-fee-caps.service';
import { toFeeRow } from '../modules/extra-fees/extra-fee-rows';
import { feesOfOrder, findOrderForConsole, pageFees } from '../modules/extra-fees/extra-fees.repository';
import { extraFeesService } from '../modules/extra-fees/extra-fees.service';

/**
 * The console's side of extra fees (issue 46): it acts for the master — sees the order's cap before
 * asking, asks, and follows every request (a rejection and its reason included). A platform's own
 * systems call the same routes with an operator session (decision 253).
 */
export default async function platformExtraFeesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const svc = extraFeesService(db);

  app.get(PLATFORM_EXTRA_FEE_API.ofOrder(':id'), { config: { access: 'platform' }, schema: { params: idParams, response: { 200: envelope(orderExtraFees) } } }, async (req) => {
    const order = await findOrderForConsole(db, req.params.id);
    if (!order) throw notFound();
    const [requests, cap] = await Promise.all([feesOfOrder(db, order.id), capOfOrder(db, order)]);
    return ok({ requests: requests.map(toFeeRow), cap });
  });

  const requested = z.object({ id: z.number().int(), status: z.number().int(), statusName: z.string() });
  const requestSchema = { params: idParams, body: extraFeeRequestBody, response: { 200: envelope(requested) } };
  app.post(PLATFORM_EXTRA_FEE_API.ofOrder(':id'), { config: { access: 'platform', idempotent: true }, schema: requestSchema }, async (req) => {
    const r = await svc.request({ operator: `${operatorOf(req).name}（代师傅）` }, req.params.id, req.body);
    return ok({ id: r.id, status: r.status, statusName: extraFeeStatus.label(r.status) }, r.msg);
  });

  app.get(PLATFORM_EXTRA_FEE_API.list, { config: { access: 'platform' }, schema: { querystring: extraFeeListQuery, response: { 200: pageEnvelope(platformExtraFeeRow) } } }, async (req) => {
    const { rows, total } = await pageFees(db, req.query.status, req.query.pageNum, req.query.pageSize);
    return page(rows.map((r) => ({ ...toFeeRow(r), vendorName: r.vendor_name })), total);
  });
}
