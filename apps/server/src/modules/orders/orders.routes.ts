import type { FastifyInstance } from 'fastify';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { PERM, type Permission } from '@portal/domain/permissions';
import { id as idRule, idValue } from '@portal/domain/validation';
import * as O from '@portal/domain/orders';
import { fenToYuan } from '@portal/domain/money';
import { ok, page, pageOfJson } from '../../lib/envelope';
import { notFound, parse } from '../../lib/errors';
import { ownScope, vendorOf } from '../../plugins/auth';
import { sendXlsx } from '../../lib/xlsx-stream';
import { createOrder } from './order-create.service';
import { orderActions } from './order-actions.service';
import { orderQueries } from './order-queries.service';
import { orderRecords } from './order-records.service';
import { exportFileName, orderBatches, streamOrdersXlsx } from './orders-export';
import { listOrders } from './order-list';

type IdParams = { Params: { id: string } };
const idOf = (raw: unknown) => {
  const r = idRule.safeParse(raw);
  if (!r.success) throw notFound();
  return r.data;
};

/** The vendor's order API (spec 02 §7 Orders; access keys per spec 02 §6). */
export default async function ordersRoutes(app: FastifyInstance) {
  const db = app.db;
  const pg = app.config.isPostgres;
  const listSettings = { pg, keywordScanMax: app.config.ORDER_KEYWORD_SCAN_MAX, totalBound: app.config.ORDER_TOTAL_BOUND };
  const actions = orderActions(db);
  const queries = orderQueries(db);
  const records = orderRecords(db, queries);
  // Spec 02 §6: the list key is the way in to every order read and action (docs/decisions/115);
  // an action the spec names a key for needs that key too. Data scope follows the list key.
  const list = { config: { access: PERM.orderList } } as const;
  const listAnd = (key: Permission) => ({ config: { access: [PERM.orderList, key] } }) as const;
  // Reference data of the order form (no order's data): any signed-in vendor user.
  const reference = { config: { access: 'user' } } as const;

  app.get(API.orderList, list, async (req, reply) => {
    const p = vendorOf(req);
    const { body, total, bounded } = await listOrders(db, p.vendorId, ownScope(p, PERM.orderList), parse(O.orderListQuery, req.query), listSettings);
    return reply.type('application/json; charset=utf-8').send(pageOfJson(body, total, bounded));
  });
  app.post(API.orderAdd, { config: { access: PERM.orderAdd, idempotent: true } }, async (req) => {
    const created = await createOrder(db, vendorOf(req), parse(O.orderAddBody, req.body));
    return ok(created.id, MSG.submitOk);
  });
  app.post(API.orderCancel, { config: { access: [PERM.orderList, PERM.orderCancel], idempotent: true } }, async (req) => ok(await actions.cancel(vendorOf(req), parse(O.cancelBody, req.body)), MSG.cancelOk));
  app.post(API.orderCustomerModify, listAnd(PERM.orderModify), async (req) => ok(await actions.modifyCustomer(vendorOf(req), parse(O.customerModifyBody, req.body)), MSG.modifyOk));
  app.post(API.orderUrgent, { config: { access: [PERM.orderList, PERM.orderSpeed], idempotent: true } }, async (req) => ok(await actions.urgent(vendorOf(req), parse(O.urgentBody, req.body)), MSG.modifyOk));
  app.post(API.orderReminder, list, async (req) => ok(await actions.remind(vendorOf(req), parse(O.reminderBody, req.body)), MSG.remindOk));
  app.post(API.orderMarker, list, async (req) => ok(await actions.mark(vendorOf(req), parse(O.markerBody, req.body)), MSG.saveOk));
  app.post<IdParams>(API.orderPay(':id'), { config: { access: [PERM.orderList, PERM.orderPay], idempotent: true } }, async (req) => ok(await actions.pay(vendorOf(req), idOf(req.params.id))));
  app.post<IdParams>(API.orderConfirmation(':id'), { config: { access: [PERM.orderList, PERM.orderConfirmation], idempotent: true } }, async (req) => ok(await actions.confirm(vendorOf(req), idOf(req.params.id)), MSG.submitOk));
  app.get<IdParams>(API.orderCopy(':id'), list, async (req) => ok(await queries.copyText(vendorOf(req), idOf(req.params.id))));
  app.get<{ Querystring: { phone?: string } }>(API.orderShowMessage, list, async (req) => ok(await queries.phoneWarning(vendorOf(req), String(req.query.phone ?? '').trim())));
  app.get<{ Querystring: { orderId?: string } }>(API.orderLogistics, list, async (req) => ok(await queries.logistics(vendorOf(req), idOf(req.query.orderId))));
  app.get(API.orderContactInfo, reference, async (req) => ok(await queries.contactInfo(vendorOf(req))));
  app.get(API.receiveOrderAllCount, reference, async () => ok(await queries.publishedCount()));
  app.get(API.dealtWithOrder, list, async (req) => ok(await queries.pendingCount(vendorOf(req))));
  app.get(API.orderStatistics, list, async (req) => ok(await queries.statistics(vendorOf(req))));
  app.get<{ Querystring: { pageSize?: string } }>(API.quicklyOrder, list, async (req) => {
    // Spec 01 §7: the home grid reads `rows` (page 1, size 14).
    const rows = await queries.quickOrders(vendorOf(req), parse(O.quickOrderQuery, req.query).pageSize);
    return page(rows, rows.length);
  });
  app.get(API.lastOrderProduct, { config: { access: PERM.productList } }, async (req) => ok(await queries.lastOrderProduct(vendorOf(req))));

  app.post(API.orderExport, listAnd(PERM.orderExport), async (req, reply) => {
    const p = vendorOf(req);
    const f = parse(O.orderExportBody, { ...(req.query as object), ...(req.body as object) });
    const stream = streamOrdersXlsx(orderBatches(db, p.vendorId, ownScope(p, PERM.orderList), f, pg), (err) => req.log.error({ err }, 'order export failed'));
    return sendXlsx(reply, exportFileName(), stream);
  });

  // Dialog data of the list and detail screens.
  app.get<{ Querystring: { orderId?: string } }>(API.applicationList, list, async (req) => ok(await records.materials(vendorOf(req), idOf(req.query.orderId))));
  app.get<IdParams>(API.applicationLast(':id'), list, async (req) => ok(await records.lastMaterial(vendorOf(req), idOf(req.params.id))));
  app.get<IdParams>(API.submissionInfo(':id'), list, async (req) => ok(await records.material(vendorOf(req), idOf(req.params.id))));
  app.post(API.submissionAdd, { config: { access: PERM.orderList, idempotent: true } }, async (req) => ok(await actions.shipParts(vendorOf(req), parse(O.submissionAddBody, req.body)), MSG.submitOk));
  app.get(API.companyList, reference, async () => ok(await db.selectFrom('logistics_companies').select(['id', 'name']).orderBy('sort').orderBy('id').execute()));
  app.get<IdParams>(API.detailInformation(':id'), list, async (req) => ok(await records.completion(vendorOf(req), idOf(req.params.id))));
  app.get<IdParams>(API.returnInfo(':id'), list, async (req) => ok(await records.returnOfOrder(vendorOf(req), idOf(req.params.id))));
  app.get<IdParams>(API.returnRecord(':id'), list, async (req) => ok(await records.returnRecord(vendorOf(req), idOf(req.params.id))));
  app.get<{ Params: { a: string; b: string } }>('/api/common/information/getInfo/:a/:b', list, async (req) => {
    const rec = await records.returnRecord(vendorOf(req), idOf(req.params.b));
    if (!rec || rec.orderId !== idOf(req.params.a)) throw notFound();
    return ok(rec);
  });
  app.post(API.returnAudit, { config: { access: PERM.orderList, idempotent: true } }, async (req) => {
    const input = parse(O.auditQuery, { ...(req.query as object), ...(req.body as object) });
    await actions.auditReturn(vendorOf(req), input);
    return ok(null, input.audit === 1 ? MSG.submitOk : MSG.rejectedOk);
  });
  app.get<IdParams>(API.praiseInfo(':id'), list, async (req) => ok(await records.praiseOfOrder(vendorOf(req), idOf(req.params.id))));
  app.get<IdParams>(API.praiseRecord(':id'), list, async (req) => ok(await records.praiseRecord(vendorOf(req), idOf(req.params.id))));
  app.get(API.praiseAudit, { config: { access: PERM.orderList, idempotent: true } }, async (req) => {
    const input = parse(O.auditQuery, req.query);
    await actions.auditPraise(vendorOf(req), input);
    return ok(null, input.audit === 1 ? MSG.submitOk : MSG.rejectedOk);
  });
  app.get<IdParams>(API.fees(':id'), list, async (req) => ok(await queries.expenses(vendorOf(req), idOf(req.params.id))));
  app.get<IdParams>(API.surcharge(':id'), list, async (req) => ok(await queries.surcharges(vendorOf(req), idOf(req.params.id))));
  app.get<{ Querystring: { serviceType?: string } }>(API.serviceList, reference, async (req) => {
    let q = db.selectFrom('surcharge_items').select(['id', 'service_type', 'name', 'price_fen', 'unit']).orderBy('service_type').orderBy('sort').orderBy('id');
    const st = idValue(req.query.serviceType);
    if (st !== null) q = q.where('service_type', '=', st);
    const rows = await q.execute();
    return ok(rows.map((r) => ({ id: r.id, pzId: r.id, serviceType: r.service_type, name: r.name, price: fenToYuan(Number(r.price_fen)), unit: r.unit })));
  });
  app.get<{ Querystring: { districtId?: string } }>(API.dealerOutletExists, reference, async (req) => {
    const d = String(req.query.districtId ?? '').trim();
    const row = d ? await db.selectFrom('dealer_outlets').select('id').where('district_id', '=', d).limit(1).executeTakeFirst() : undefined;
    return ok(Boolean(row));
  });
  app.get(API.outletDiscounts, reference, async (req) => {
    const rows = await db.selectFrom('outlet_discounts').selectAll().where('vendor_id', '=', vendorOf(req).vendorId).orderBy('full_reduce_amount_fen').execute();
    return page(rows.map((r) => ({ id: r.id, fullReduceAmount: fenToYuan(Number(r.full_reduce_amount_fen)), discountAmount: fenToYuan(Number(r.discount_amount_fen)) })), rows.length);
  });
  app.get<IdParams>(API.order(':id'), list, async (req) => ok(await queries.detail(vendorOf(req), idOf(req.params.id))));
}
