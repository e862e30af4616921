import type { FastifyInstance } from 'fastify';
import { AFTER_SALE_MSG, afterSaleApproveBody, afterSaleCompleteBody, afterSaleRejectBody, PLATFORM_AFTER_SALE_API, platformAfterSaleListQuery } from '@portal/domain/after-sales';
import { MSG } from '@portal/domain/messages';
import { ok, page } from '../lib/envelope';
import { notFound, parse } from '../lib/errors';
import { operatorOf } from '../plugins/auth';
import { applyCaseFilters, casesQuery, countCases, selectCases, timelineOf, toCaseRows } from '../modules/after-sales/after-sales.repository';
import { idParam } from '../modules/after-sales/after-sales.routes';
import { afterSalesPlatformService } from '../modules/after-sales/after-sales.service';

/** The operator's side of after-sales: every vendor's cases, review, handling and completion. */
export default async function platformAfterSalesRoutes(app: FastifyInstance) {
  const svc = afterSalesPlatformService(app.db);
  const pg = app.config.isPostgres;

  async function withVendors(records: Awaited<ReturnType<typeof selectCases>>) {
    const rows = await toCaseRows(app.db, records);
    const ids = [...new Set(records.map((r) => r.vendor_id))];
    const vendors = ids.length ? await app.db.selectFrom('vendors').select(['id', 'company']).where('id', 'in', ids).execute() : [];
    const names = new Map(vendors.map((v) => [v.id, v.company]));
    return rows.map((row, i) => ({ ...row, vendorName: names.get(records[i]!.vendor_id) ?? '' }));
  }

  app.get(PLATFORM_AFTER_SALE_API.list, { config: { access: 'platform' } }, async (req) => {
    const f = platformAfterSaleListQuery.parse(req.query ?? {});
    const base = applyCaseFilters(casesQuery(app.db, null), f, pg);
    const total = await countCases(base);
    const records = await selectCases(
      base.orderBy('after_sales.created_at', 'desc').orderBy('after_sales.id', 'desc').limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize),
    );
    return page(await withVendors(records), total);
  });

  app.get<{ Params: { id: string } }>(PLATFORM_AFTER_SALE_API.detail(':id'), { config: { access: 'platform' } }, async (req) => {
    const id = idParam(req.params.id);
    const records = await selectCases(casesQuery(app.db, null).where('after_sales.id', '=', id));
    if (!records.length) throw notFound();
    const [row] = await withVendors(records);
    return ok({ ...row!, timeline: await timelineOf(app.db, id) });
  });

  app.post<{ Params: { id: string } }>(PLATFORM_AFTER_SALE_API.approve(':id'), { config: { access: 'platform', idempotent: true } }, async (req) => {
    await svc.approve(operatorOf(req), idParam(req.params.id), parse(afterSaleApproveBody, req.body));
    return ok(null, AFTER_SALE_MSG.approveOk);
  });

  app.post<{ Params: { id: string } }>(PLATFORM_AFTER_SALE_API.reject(':id'), { config: { access: 'platform', idempotent: true } }, async (req) => {
    await svc.reject(operatorOf(req), idParam(req.params.id), parse(afterSaleRejectBody, req.body).reason);
    return ok(null, MSG.rejectedOk);
  });

  app.post<{ Params: { id: string } }>(PLATFORM_AFTER_SALE_API.processing(':id'), { config: { access: 'platform', idempotent: true } }, async (req) => {
    await svc.masterProcessing(operatorOf(req), idParam(req.params.id));
    return ok(null, MSG.modifyOk);
  });

  app.post<{ Params: { id: string } }>(PLATFORM_AFTER_SALE_API.complete(':id'), { config: { access: 'platform', idempotent: true } }, async (req) => {
    await svc.complete(operatorOf(req), idParam(req.params.id), parse(afterSaleCompleteBody, req.body).remark);
    return ok(null, AFTER_SALE_MSG.completeOk);
  });
}
