import type { FastifyInstance } from 'fastify';
import { afterSaleApplyBody, afterSaleListQuery } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { id as idRule } from '@portal/domain/validation';
import { ok, page } from '../../lib/envelope';
import { notFound, parse } from '../../lib/errors';
import { ownScope, vendorOf } from '../../plugins/auth';
import { applyCaseFilters, casesQuery, countCases, reasonsOf, selectCases, timelineOf, toCaseRows } from './after-sales.repository';
import { afterSalesService } from './after-sales.service';

export const idParam = (raw: string) => {
  const r = idRule.safeParse(raw);
  if (!r.success) throw notFound();
  return r.data;
};

/** Spec 02 §7 After-sales: the vendor's cases, the reason lists, apply and withdraw. */
export default async function afterSalesRoutes(app: FastifyInstance) {
  const svc = afterSalesService(app.db, app.config.FILE_ROOT_URL);
  const pg = app.config.isPostgres;

  app.get(API.afterSaleList, { config: { access: PERM.afterSaleList } }, async (req) => {
    const p = vendorOf(req);
    const f = afterSaleListQuery.parse(req.query ?? {});
    const base = applyCaseFilters(casesQuery(app.db, p.vendorId, ownScope(p, PERM.afterSaleList)), f, pg);
    const total = await countCases(base);
    const records = await selectCases(
      base.orderBy('after_sales.created_at', 'desc').orderBy('after_sales.id', 'desc').limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize),
    );
    return page(await toCaseRows(app.db, records), total);
  });

  app.get<{ Params: { id: string } }>(API.afterSale(':id'), { config: { access: PERM.afterSaleList } }, async (req) => {
    const p = vendorOf(req);
    const id = idParam(req.params.id);
    const records = await selectCases(casesQuery(app.db, p.vendorId, ownScope(p, PERM.afterSaleList)).where('after_sales.id', '=', id));
    if (!records.length) throw notFound();
    const [row] = await toCaseRows(app.db, records);
    return ok({ ...row!, timeline: await timelineOf(app.db, id) });
  });

  // The reason list is reference data the apply dialog needs; any signed-in vendor user may read it.
  app.post<{ Params: { type: string } }>(API.afterSaleReasons(':type'), { config: { access: 'user' } }, async (req) => {
    const type = Number(req.params.type);
    if (type !== 1 && type !== 2) throw notFound();
    return ok((await reasonsOf(app.db, type)).map((r) => ({ id: r.id, type: r.type, content: r.content })));
  });

  // Applying acts on an order: the order list key is the way in, plus the apply key (docs/decisions/115).
  app.post(API.afterSaleApply, { config: { access: [PERM.orderList, PERM.orderAfter], idempotent: true } }, async (req) => {
    const created = await svc.apply(vendorOf(req), parse(afterSaleApplyBody, req.body));
    return ok(created, MSG.addOk);
  });

  app.post<{ Params: { id: string } }>(API.afterSaleCancel(':id'), { config: { access: PERM.afterSaleCancel } }, async (req) => {
    await svc.withdraw(vendorOf(req), idParam(req.params.id));
    return ok(null, MSG.cancelOk);
  });
}
