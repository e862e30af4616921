import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { download, envelope, idParams, noData, pageEnvelope } from '@portal/domain/contract/envelope';
import * as C from '@portal/domain/contract/orders';
import { productRow } from '@portal/domain/contract/products';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { PERM, type Permission } from '@portal/domain/permissions';
import { id as idRule, idValue } from '@portal/domain/validation';
import * as O from '@portal/domain/orders';
import { fenToYuan } from '@portal/domain/money';
import { ok, page } from '../../lib/envelope';
import { notFound } from '../../lib/errors';
import { documentedOnly } from '../../plugins/contract';
import { ownScope, vendorOf } from '../../plugins/auth';
import { sendXlsx, XLSX_TYPE } from '../../lib/xlsx-stream';
import { createOrder } from './order-create.service';
import { orderActions } from './order-actions.service';
import { orderQueries } from './order-queries.service';
import { orderRecords } from './order-records.service';
import { exportFileName, orderBatches, streamOrdersXlsx } from './orders-export';
import { listOrders } from './order-list';
import { listOrderableProducts } from './order-form-products.repository';
import { toProductRow } from '../../lib/product-row';
import { dealerOutletIn, listLogisticsCompanies, listOutletDiscounts, listSurchargeItems } from './orders.repository';

const idOf = (raw: unknown) => {
  const r = idRule.safeParse(raw);
  if (!r.success) throw notFound();
  return r.data;
};

/** The vendor's order API (spec 02 §7 Orders; access keys per spec 02 §6). */
export default async function ordersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const pg = app.config.isPostgres;
  const actions = orderActions(db);
  const queries = orderQueries(db);
  const records = orderRecords(db, queries);
  // Spec 02 §6: the list key is the way in to every order read and action (docs/decisions/115);
  // an action the spec names a key for needs that key too. Data scope follows the list key.
  const list = { access: PERM.orderList } as const;
  const listAnd = (key: Permission) => ({ access: [PERM.orderList, key] }) as const;
  // Reference data of the order form (no order's data): any signed-in vendor user.
  const reference = { access: 'user' } as const;
  const byId = (data: z.ZodType) => ({ params: idParams, response: { 200: envelope(data) } });
  const done = { 200: noData };
  // An order id in the query string: the handler answers 404 for one that is not an id.
  const orderIdQuery = documentedOnly(z.object({ orderId: idRule }));
  app.get(API.orderList, { config: list, schema: { querystring: O.orderListQuery, response: { 200: pageEnvelope(C.orderListRow) } } }, async (req) => {
    const p = vendorOf(req);
    const { rows, total, totalBounded } = await listOrders(db, p.vendorId, ownScope(p, PERM.orderList), req.query, pg, app.config.ORDER_TOTAL_BOUND);
    return page(rows, total, totalBounded);
  });
  app.post(API.orderAdd, { config: { access: PERM.orderAdd, idempotent: true }, schema: { body: O.orderAddBody, response: { 200: envelope(z.number().int().describe('新订单 id')) } } }, async (req) => {
    const created = await createOrder(db, vendorOf(req), req.body);
    return ok(created.id, MSG.submitOk);
  });
  const cancelSchema = { body: O.cancelBody, response: { 200: envelope(z.number().int().describe('取消的订单数')) } };
  app.post(API.orderCancel, { config: { access: [PERM.orderList, PERM.orderCancel], idempotent: true }, schema: cancelSchema }, async (req) => ok(await actions.cancel(vendorOf(req), req.body), MSG.cancelOk));
  app.post(API.orderCustomerModify, { config: listAnd(PERM.orderModify), schema: { body: O.customerModifyBody, response: done } }, async (req) => ok(await actions.modifyCustomer(vendorOf(req), req.body), MSG.modifyOk));
  app.post(API.orderUrgent, { config: { access: [PERM.orderList, PERM.orderSpeed], idempotent: true }, schema: { body: O.urgentBody, response: done } }, async (req) => ok(await actions.urgent(vendorOf(req), req.body), MSG.modifyOk));
  app.post(API.orderReminder, { config: list, schema: { body: O.reminderBody, response: done } }, async (req) => ok(await actions.remind(vendorOf(req), req.body), MSG.remindOk));
  app.post(API.orderMarker, { config: list, schema: { body: O.markerBody, response: done } }, async (req) => ok(await actions.mark(vendorOf(req), req.body), MSG.saveOk));
  app.post(API.orderPay(':id'), { config: { access: [PERM.orderList, PERM.orderPay], idempotent: true }, schema: byId(C.orderPaid) }, async (req) => ok(await actions.pay(vendorOf(req), req.params.id)));
  app.post(API.orderConfirmation(':id'), { config: { access: [PERM.orderList, PERM.orderConfirmation], idempotent: true }, schema: { params: idParams, response: done } }, async (req) => ok(await actions.confirm(vendorOf(req), req.params.id), MSG.submitOk));
  app.get(API.orderCopy(':id'), { config: list, schema: byId(z.string().describe('可复制的订单文本')) }, async (req) => ok(await queries.copyText(vendorOf(req), req.params.id)));
  const phoneQuery = documentedOnly(z.object({ phone: z.string().optional() }));
  app.get(API.orderShowMessage, { config: list, schema: { querystring: phoneQuery, response: { 200: envelope(C.phoneWarning) } } }, async (req) => ok(await queries.phoneWarning(vendorOf(req), String(req.query.phone ?? '').trim())));
  app.get(API.orderLogistics, { config: list, schema: { querystring: orderIdQuery, response: { 200: envelope(z.array(C.logisticsEntry)) } } }, async (req) => ok(await queries.logistics(vendorOf(req), idOf(req.query.orderId))));
  // The order form's own data about the vendor (its main account's phone, its discount tiers): behind
  // the create key, as the form is (decision 227).
  const formData = { access: PERM.orderAdd } as const;
  // The products the form offers: those the create step accepts, whoever in the company made them — not
  // 产品管理's list, whose key and data scope are about managing the catalogue (decision 280).
  const formProductsSchema = { querystring: C.orderFormProductsQuery, response: { 200: envelope(C.orderFormProducts) } };
  app.get(API.orderFormProducts, { config: formData, schema: formProductsSchema }, async (req) => {
    const rows = await listOrderableProducts(db, vendorOf(req).vendorId, req.query.keywords, req.query.pageSize, pg);
    return ok(rows.map(toProductRow));
  });
  app.get(API.orderContactInfo, { config: formData, schema: { response: { 200: envelope(C.contactInfo) } } }, async (req) => ok(await queries.contactInfo(vendorOf(req))));
  const count = { 200: envelope(z.number().int()) };
  app.get(API.receiveOrderAllCount, { config: reference, schema: { response: count } }, async () => ok(await queries.publishedCount()));
  app.get(API.dealtWithOrder, { config: list, schema: { response: count } }, async (req) => ok(await queries.pendingCount(vendorOf(req))));
  app.get(API.orderStatistics, { config: list, schema: { response: { 200: envelope(C.orderStatistics) } } }, async (req) => ok(await queries.statistics(vendorOf(req))));
  app.get(API.quicklyOrder, { config: list, schema: { querystring: O.quickOrderQuery, response: { 200: pageEnvelope(C.quickOrderItem) } } }, async (req) => {
    // Spec 01 §7: the home grid reads `rows` (page 1, size 14).
    const rows = await queries.quickOrders(vendorOf(req), req.query.pageSize);
    return page(rows, rows.length);
  });
  app.get(API.lastOrderProduct, { config: { access: PERM.productList }, schema: { response: { 200: envelope(productRow.nullable()) } } }, async (req) => ok(await queries.lastOrderProduct(vendorOf(req))));

  const exportSchema = { body: O.orderExportBody, produces: [XLSX_TYPE], response: { 200: download } };
  app.post(API.orderExport, { config: { ...listAnd(PERM.orderExport), input: 'query+body' }, schema: exportSchema }, async (req, reply) => {
    const p = vendorOf(req);
    const f = req.body;
    const stream = streamOrdersXlsx(orderBatches(db, p.vendorId, ownScope(p, PERM.orderList), f, pg), (err) => req.log.error({ err }, 'order export failed'));
    return sendXlsx(reply, exportFileName(), stream);
  });

  // Dialog data of the list and detail screens.
  const records$ = { 200: envelope(z.array(C.orderRecord)) };
  app.get(API.applicationList, { config: list, schema: { querystring: orderIdQuery, response: records$ } }, async (req) => ok(await records.materials(vendorOf(req), idOf(req.query.orderId))));
  app.get(API.applicationLast(':id'), { config: list, schema: byId(C.partsMaterial.nullable()) }, async (req) => ok(await records.lastMaterial(vendorOf(req), req.params.id)));
  app.get(API.submissionInfo(':id'), { config: list, schema: byId(C.partsMaterial) }, async (req) => ok(await records.material(vendorOf(req), req.params.id)));
  app.post(API.submissionAdd, { config: { access: PERM.orderList, idempotent: true }, schema: { body: O.submissionAddBody, response: done } }, async (req) => ok(await actions.shipParts(vendorOf(req), req.body), MSG.submitOk));
  app.get(API.companyList, { config: reference, schema: { response: { 200: envelope(z.array(C.logisticsCompany)) } } }, async () => ok(await listLogisticsCompanies(db)));
  app.get(API.detailInformation(':id'), { config: list, schema: byId(C.completionMaterials) }, async (req) => ok(await records.completion(vendorOf(req), req.params.id)));
  app.get(API.returnInfo(':id'), { config: list, schema: byId(C.returnRecord.nullable()) }, async (req) => ok(await records.returnOfOrder(vendorOf(req), req.params.id)));
  app.get(API.returnRecord(':id'), { config: list, schema: byId(C.returnRecord.nullable()) }, async (req) => ok(await records.returnRecord(vendorOf(req), req.params.id)));
  const orderAndRecord = z.object({ a: idRule.describe('订单 id'), b: idRule.describe('返件记录 id') });
  app.get('/api/common/information/getInfo/:a/:b', { config: list, schema: { params: orderAndRecord, response: { 200: envelope(C.orderRecord) } } }, async (req) => {
    const rec = await records.returnRecord(vendorOf(req), req.params.b);
    if (!rec || rec.orderId !== req.params.a) throw notFound();
    return ok(rec);
  });
  app.post(API.returnAudit, { config: { access: PERM.orderList, idempotent: true, input: 'query+body' }, schema: { body: O.auditQuery, response: done } }, async (req) => {
    const input = req.body;
    await actions.auditReturn(vendorOf(req), input);
    return ok(null, input.audit === 1 ? MSG.submitOk : MSG.rejectedOk);
  });
  app.get(API.praiseInfo(':id'), { config: list, schema: byId(C.praiseRecord.nullable()) }, async (req) => ok(await records.praiseOfOrder(vendorOf(req), req.params.id)));
  app.get(API.praiseRecord(':id'), { config: list, schema: byId(C.praiseRecord) }, async (req) => ok(await records.praiseRecord(vendorOf(req), req.params.id)));
  app.get(API.praiseAudit, { config: { access: PERM.orderList, idempotent: true }, schema: { querystring: O.auditQuery, response: done } }, async (req) => {
    const input = req.query;
    await actions.auditPraise(vendorOf(req), input);
    return ok(null, input.audit === 1 ? MSG.submitOk : MSG.rejectedOk);
  });
  app.get(API.fees(':id'), { config: list, schema: byId(z.array(C.expense)) }, async (req) => ok(await queries.expenses(vendorOf(req), req.params.id)));
  app.get(API.surcharge(':id'), { config: list, schema: byId(z.array(C.orderRecord)) }, async (req) => ok(await queries.surcharges(vendorOf(req), req.params.id)));
  // Optional filters as sent: one that is not a value filters nothing.
  const serviceTypeQuery = documentedOnly(z.object({ serviceType: z.string().optional() }));
  app.get(API.serviceList, { config: reference, schema: { querystring: serviceTypeQuery, response: { 200: envelope(z.array(C.surchargeItem)) } } }, async (req) => {
    const rows = await listSurchargeItems(db, idValue(req.query.serviceType));
    return ok(rows.map((r) => ({ id: r.id, pzId: r.id, serviceType: r.service_type, name: r.name, price: fenToYuan(Number(r.price_fen)), unit: r.unit })));
  });
  const districtQuery = documentedOnly(z.object({ districtId: z.string().optional() }));
  app.get(API.dealerOutletExists, { config: reference, schema: { querystring: districtQuery, response: { 200: envelope(z.boolean()) } } }, async (req) => {
    const d = String(req.query.districtId ?? '').trim();
    return ok(d ? await dealerOutletIn(db, d) : false);
  });
  app.get(API.outletDiscounts, { config: formData, schema: { response: { 200: pageEnvelope(C.outletDiscount) } } }, async (req) => {
    const rows = await listOutletDiscounts(db, vendorOf(req).vendorId);
    return page(rows.map((r) => ({ id: r.id, fullReduceAmount: fenToYuan(Number(r.full_reduce_amount_fen)), discountAmount: fenToYuan(Number(r.discount_amount_fen)) })), rows.length);
  });
  app.get(API.order(':id'), { config: list, schema: byId(C.orderDetail) }, async (req) => ok(await queries.detail(vendorOf(req), req.params.id)));
}
