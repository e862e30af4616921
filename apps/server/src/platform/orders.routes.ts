import type { FastifyInstance } from 'fastify';
import { PLATFORM_ACTION_NAMES, PLATFORM_ORDER_API, PLATFORM_ORDER_MSG, platformActionBody, platformOrderListQuery, type PlatformOrderAction } from '@portal/domain/orders-platform';
import { MSG } from '@portal/domain/messages';
import { idValue } from '@portal/domain/validation';
import { ok, page } from '../lib/envelope';
import { badRequest, notFound, parse } from '../lib/errors';
import { operatorOf } from '../plugins/auth';
import { toRows } from '../modules/orders/orders.repository';
import { runPlatformAction } from './order-actions.service';
import { platformOrderDetail } from './order-detail';

/** The operator console's order API (access 'platform'). */
export default async function platformOrdersRoutes(app: FastifyInstance) {
  const db = app.db;
  const platform = { config: { access: 'platform' } } as const;

  app.get(PLATFORM_ORDER_API.list, platform, async (req) => {
    const f = parse(platformOrderListQuery, req.query);
    let q = db.selectFrom('orders');
    if (f.status !== undefined && f.status !== -1) q = q.where('orders.status', '=', f.status);
    if (f.vendorId) q = q.where('orders.vendor_id', '=', f.vendorId);
    if (f.keyWords) q = q.where((eb) => eb.or([eb('orders.order_no', '=', f.keyWords), eb('orders.phone', '=', f.keyWords), eb('orders.real_name', '=', f.keyWords)]));
    const [{ total }, records] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      q.selectAll('orders').orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(f.pageSize).offset((f.pageNum - 1) * f.pageSize).execute(),
    ]);
    const rows = await toRows(db, records);
    const vendors = new Map((records.length ? await db.selectFrom('vendors').select(['id', 'company']).where('id', 'in', [...new Set(records.map((r) => r.vendor_id))]).execute() : []).map((v) => [v.id, v.company]));
    const masters = new Map((records.some((r) => r.master_id) ? await db.selectFrom('masters').select(['id', 'name', 'phone']).where('id', 'in', records.flatMap((r) => (r.master_id ? [r.master_id] : []))).execute() : []).map((m) => [m.id, m]));
    return page(
      rows.map((r, i) => ({ ...r, vendorId: records[i]!.vendor_id, vendorCompany: vendors.get(records[i]!.vendor_id) ?? '', master: masters.get(records[i]!.master_id ?? 0) ?? null })),
      Number(total),
    );
  });

  app.get<{ Params: { id: string } }>('/api/platform/orders/:id', platform, async (req) => {
    const id = idValue(req.params.id);
    if (id === null) throw notFound();
    return ok(await platformOrderDetail(db, id));
  });

  app.post<{ Params: { id: string; action: string } }>('/api/platform/orders/:id/:action', { config: { access: 'platform', idempotent: true } }, async (req) => {
    const id = idValue(req.params.id);
    if (id === null) throw notFound();
    if (!PLATFORM_ACTION_NAMES.includes(req.params.action)) throw badRequest(PLATFORM_ORDER_MSG.unknownAction);
    const moved = await runPlatformAction(db, operatorOf(req), id, req.params.action as PlatformOrderAction, parse(platformActionBody, req.body));
    return ok({ id: moved.id, status: moved.status, node: moved.node }, MSG.submitOk);
  });

  app.get<{ Querystring: { cityCode?: string; districtCode?: string; serviceType?: string; keyWords?: string } }>(PLATFORM_ORDER_API.masters, platform, async (req) => {
    let q = db.selectFrom('masters').selectAll();
    const { cityCode, districtCode, serviceType, keyWords } = req.query;
    if (cityCode) q = q.where('city_code', '=', String(cityCode));
    if (keyWords) q = q.where((eb) => eb.or([eb('name', '=', String(keyWords)), eb('phone', '=', String(keyWords))]));
    let rows = await q.orderBy('rating', 'desc').orderBy('id').execute();
    if (districtCode) rows = rows.filter((m) => m.district_codes.split(',').includes(String(districtCode)));
    if (serviceType) rows = rows.filter((m) => m.skills.split(',').includes(String(serviceType)));
    return ok(rows.map((m) => ({ id: m.id, name: m.name, phone: m.phone, provinceCode: m.province_code, cityCode: m.city_code, districtCodes: m.district_codes.split(',').filter(Boolean), skills: m.skills.split(',').filter(Boolean).map(Number), rating: m.rating / 10 })));
  });
}
