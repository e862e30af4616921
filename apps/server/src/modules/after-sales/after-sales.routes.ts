import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterSaleDetail, afterSaleReason, afterSaleRow } from '@portal/domain/contract/after-sales';
import { envelope, idParams, noData, pageEnvelope } from '@portal/domain/contract/envelope';
import { afterSaleApplyBody, afterSaleListQuery } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { id as idRule } from '@portal/domain/validation';
import { ok, page } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { ownScope, vendorOf } from '../../plugins/auth';
import { applyCaseFilters, casesQuery, countCasesUpTo, reasonsOf, selectCaseById, selectCasePage, timelineOf, toCaseRows } from './after-sales.repository';
import { afterSalesService } from './after-sales.service';

/** A path id outside a route schema (prefer `schema: { params: idParams }`): 404 when it is not one. */
export const idParam = (raw: string) => {
  const r = idRule.safeParse(raw);
  if (!r.success) throw notFound();
  return r.data;
};

/** Spec 02 §7 After-sales: the vendor's cases, the reason lists, apply and withdraw. */
export default async function afterSalesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const svc = afterSalesService(app.db, app.config.FILE_ROOT_URL);
  const pg = app.config.isPostgres;

  const listSchema = { querystring: afterSaleListQuery, response: { 200: pageEnvelope(afterSaleRow) } };
  app.get(API.afterSaleList, { config: { access: PERM.afterSaleList }, schema: listSchema }, async (req) => {
    const p = vendorOf(req);
    const f = req.query;
    const base = applyCaseFilters(casesQuery(app.db, p.vendorId, ownScope(p, PERM.afterSaleList)), f, pg, p.vendorId);
    const { total, bounded } = await countCasesUpTo(app.db, base, f.keyword, app.config.ORDER_TOTAL_BOUND);
    const records = await selectCasePage(base, f.pageNum, f.pageSize);
    return page(await toCaseRows(app.db, records), total, bounded);
  });

  app.get(API.afterSale(':id'), { config: { access: PERM.afterSaleList }, schema: { params: idParams, response: { 200: envelope(afterSaleDetail) } } }, async (req) => {
    const p = vendorOf(req);
    const { id } = req.params;
    const records = await selectCaseById(casesQuery(app.db, p.vendorId, ownScope(p, PERM.afterSaleList)), id);
    if (!records.length) throw notFound();
    const [row] = await toCaseRows(app.db, records);
    return ok({ ...row!, timeline: await timelineOf(app.db, id) });
  });

  // The reason list is reference data the apply dialog needs; any signed-in vendor user may read it.
  // type 1 compensation, 2 after-sales; anything else is not found.
  const reasonsSchema = { params: z.object({ type: z.coerce.number().int().min(1).max(2) }), response: { 200: envelope(z.array(afterSaleReason)) } };
  app.post(API.afterSaleReasons(':type'), { config: { access: 'user' }, schema: reasonsSchema }, async (req) => {
    const { type } = req.params;
    return ok((await reasonsOf(app.db, type)).map((r) => ({ id: r.id, type: r.type, content: r.content })));
  });

  // Applying acts on an order: the order list key is the way in, plus the apply key (docs/decisions/115).
  const applySchema = { body: afterSaleApplyBody, response: { 200: envelope(z.object({ id: z.number().int() })) } };
  app.post(API.afterSaleApply, { config: { access: [PERM.orderList, PERM.orderAfter], idempotent: true }, schema: applySchema }, async (req) => {
    const created = await svc.apply(vendorOf(req), req.body);
    return ok(created, MSG.addOk);
  });

  app.post(API.afterSaleCancel(':id'), { config: { access: PERM.afterSaleCancel }, schema: { params: idParams, response: { 200: noData } } }, async (req) => {
    await svc.withdraw(vendorOf(req), req.params.id);
    return ok(null, MSG.cancelOk);
  });
}
