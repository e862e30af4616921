import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AFTER_SALE_MSG, afterSaleApproveBody, afterSaleCompleteBody, afterSaleRejectBody, PLATFORM_AFTER_SALE_API, platformAfterSaleListQuery } from '@portal/domain/after-sales';
import { platformAfterSaleDetail, platformAfterSaleRow } from '@portal/domain/contract/after-sales';
import { envelope, idParams, noData, pageEnvelope } from '@portal/domain/contract/envelope';
import { MSG } from '@portal/domain/messages';
import { ok, page } from '../lib/envelope';
import { notFound } from '../lib/errors';
import { operatorOf } from '../plugins/auth';
import { applyCaseFilters, casesQuery, countCases, selectCaseById, selectCasePage, timelineOf, toCaseRows, vendorCompanies } from '../modules/after-sales/after-sales.repository';
import { afterSalesPlatformService } from '../modules/after-sales/after-sales.service';

/** The operator's side of after-sales: every vendor's cases, review, handling and completion. */
export default async function platformAfterSalesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const svc = afterSalesPlatformService(app.db);
  const pg = app.config.isPostgres;
  const decision = { access: 'platform', idempotent: true } as const;

  async function withVendors(records: Awaited<ReturnType<typeof selectCasePage>>) {
    const rows = await toCaseRows(app.db, records);
    const names = await vendorCompanies(app.db, [...new Set(records.map((r) => r.vendor_id))]);
    return rows.map((row, i) => ({ ...row, vendorName: names.get(records[i]!.vendor_id) ?? '' }));
  }

  const listSchema = { querystring: platformAfterSaleListQuery, response: { 200: pageEnvelope(platformAfterSaleRow) } };
  app.get(PLATFORM_AFTER_SALE_API.list, { config: { access: 'platform' }, schema: listSchema }, async (req) => {
    const f = req.query;
    const base = applyCaseFilters(casesQuery(app.db, null), f, pg);
    const total = await countCases(base);
    const records = await selectCasePage(base, f.pageNum, f.pageSize);
    return page(await withVendors(records), total);
  });

  const detailSchema = { params: idParams, response: { 200: envelope(platformAfterSaleDetail) } };
  app.get(PLATFORM_AFTER_SALE_API.detail(':id'), { config: { access: 'platform' }, schema: detailSchema }, async (req) => {
    const { id } = req.params;
    const records = await selectCaseById(casesQuery(app.db, null), id);
    if (!records.length) throw notFound();
    const [row] = await withVendors(records);
    return ok({ ...row!, timeline: await timelineOf(app.db, id) });
  });

  app.post(PLATFORM_AFTER_SALE_API.approve(':id'), { config: decision, schema: { params: idParams, body: afterSaleApproveBody, response: { 200: noData } } }, async (req) => {
    await svc.approve(operatorOf(req), req.params.id, req.body);
    return ok(null, AFTER_SALE_MSG.approveOk);
  });

  app.post(PLATFORM_AFTER_SALE_API.reject(':id'), { config: decision, schema: { params: idParams, body: afterSaleRejectBody, response: { 200: noData } } }, async (req) => {
    await svc.reject(operatorOf(req), req.params.id, req.body.reason);
    return ok(null, MSG.rejectedOk);
  });

  app.post(PLATFORM_AFTER_SALE_API.processing(':id'), { config: decision, schema: { params: idParams, response: { 200: noData } } }, async (req) => {
    await svc.masterProcessing(operatorOf(req), req.params.id);
    return ok(null, MSG.modifyOk);
  });

  app.post(PLATFORM_AFTER_SALE_API.complete(':id'), { config: decision, schema: { params: idParams, body: afterSaleCompleteBody, response: { 200: noData } } }, async (req) => {
    await svc.complete(operatorOf(req), req.params.id, req.body.remark);
    return ok(null, AFTER_SALE_MSG.completeOk);
  });
}
