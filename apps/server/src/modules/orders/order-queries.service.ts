import { HOME_TILE_STATUS, ORDER_STATUS, PENDING_SHORTCUT, orderNode, orderStatus, serviceType, maintenanceType } from '@portal/domain/enums';
import { fenToYuan } from '@portal/domain/money';
import { progressSteps, type OrderDetail } from '@portal/domain/orders';
import { PERM } from '@portal/domain/permissions';
import type { DB } from '../../db/database';
import { notFound } from '../../lib/errors';
import { toShanghai } from '../../lib/time';
import type { VendorPrincipal } from '../../plugins/context';
import { ownScope } from '../../plugins/auth';
import { toProductRow } from '../../lib/product-row';
import { json } from './order-row';
import { countsByStatus, findOrder, toRows, vendorOrders } from './orders.repository';

// Read-only answers about the vendor's orders (detail, home tiles, helpers of the screens).

const scope = (p: VendorPrincipal) => ownScope(p, PERM.orderList);

export function orderQueries(db: DB) {
  async function mustFind(p: VendorPrincipal, id: number) {
    const o = await findOrder(db, p.vendorId, scope(p), id);
    if (!o) throw notFound();
    return o;
  }

  return {
    mustFind,

    async detail(p: VendorPrincipal, id: number): Promise<OrderDetail> {
      const o = await mustFind(p, id);
      const [[row], logs, logistics, master] = await Promise.all([
        toRows(db, [o]),
        db.selectFrom('order_operate_records').selectAll().where('order_id', '=', o.id).orderBy('id', 'desc').execute(),
        db.selectFrom('order_logistics').selectAll().where('order_id', '=', o.id).orderBy('id').execute(),
        o.master_id ? db.selectFrom('masters').select(['name', 'phone']).where('id', '=', o.master_id).executeTakeFirst() : Promise.resolve(undefined),
      ]);
      const expenses = json<Array<{ name: string; price: number; type: 1 | 2 }>>(o.expenses, []);
      return {
        ...row!,
        omsOperateRecordList: logs.map((l) => ({
          id: l.id, node: l.node, nodeName: orderNode.label(l.node), createTime: toShanghai(l.created_at), content: l.content,
          relevanceType: l.relevance_type, relevanceId: l.relevance_id, certificate: json<string[]>(l.certificate, []), operator: l.operator,
        })),
        omsOrderExpenses: expenses.map((e) => ({ name: e.name, price: fenToYuan(e.price), type: e.type })),
        logisticsVoList: logistics.map((l) => ({ productId: l.product_id, courierCompany: l.courier_company, courierNum: l.courier_num, phone: l.phone })),
        logisticsList: logistics.map((l) => ({ courierCompany: l.courier_company, courierNum: l.courier_num })),
        customerServiceUser: { name: '平台客服', phone: (await db.selectFrom('configs').select('value').where('key', '=', 'service_hotline').executeTakeFirst())?.value ?? '' },
        masterInfo: master ? { name: master.name, phone: master.phone } : null,
        progress: progressSteps(row!.status),
      };
    },

    async statistics(p: VendorPrincipal) {
      const count = await countsByStatus(db, p.vendorId, scope(p));
      const sum = (codes: readonly number[]) => codes.reduce((a, c) => a + (count.get(c) ?? 0), 0);
      return {
        total: [...count.values()].reduce((a, b) => a + b, 0),
        obligations: sum(HOME_TILE_STATUS.obligations),
        pendingOrder: sum(HOME_TILE_STATUS.pendingOrder),
        serviced: sum(HOME_TILE_STATUS.serviced),
        settled: sum(HOME_TILE_STATUS.settled),
        completed: sum(HOME_TILE_STATUS.completed),
        afterSale: sum(HOME_TILE_STATUS.afterSale),
      };
    },

    /** The list header's pending count (statuses or nodes of the shortcut). */
    async pendingCount(p: VendorPrincipal) {
      const r = await vendorOrders(db, p.vendorId, scope(p))
        .where((eb) => eb.or([eb('orders.status', 'in', [...PENDING_SHORTCUT.statuses]), eb('orders.node', 'in', [...PENDING_SHORTCUT.nodes])]))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** Every order ever published on the platform (the landing adds PUBLISHED_ORDER_BASE). */
    async publishedCount() {
      const r = await db.selectFrom('order_counts').select((eb) => eb.fn.sum<number>('n').as('n')).executeTakeFirstOrThrow();
      return Number(r.n ?? 0);
    },

    /** The vendor's most frequent product + service combinations of the last 180 days (home grid). */
    async quickOrders(p: VendorPrincipal, pageSize = 14) {
      const since = new Date(Date.now() - 180 * 86400_000).toISOString();
      let q = db
        .selectFrom('order_products as op')
        .innerJoin('orders as o', 'o.id', 'op.order_id')
        .innerJoin('products as pr', 'pr.id', 'op.product_id')
        .where('o.vendor_id', '=', p.vendorId)
        .where('o.created_at', '>=', since)
        .where('pr.deleted_at', 'is', null)
        .where('pr.check_status', '=', 1);
      const owner = scope(p);
      if (owner !== null) q = q.where('o.created_by', '=', owner);
      const rows = await q
        .select(['op.product_id', 'o.service_type', 'o.parole', 'op.maintenance_type', 'op.number', 'pr.category_name', 'pr.model_name', 'pr.picture'])
        .select((eb) => [eb.fn.countAll<number>().as('uses'), eb.fn.max('o.created_at').as('last_at')])
        .groupBy(['op.product_id', 'o.service_type', 'o.parole', 'op.maintenance_type', 'op.number', 'pr.category_name', 'pr.model_name', 'pr.picture'])
        .orderBy('uses', 'desc')
        .orderBy('last_at', 'desc')
        .limit(Math.min(Math.max(pageSize, 1), 50))
        .execute();
      return rows.map((r) => ({
        productId: r.product_id,
        categoryName: r.category_name,
        modelName: r.model_name,
        productPicture: r.picture,
        number: r.number,
        maintenanceType: r.maintenance_type,
        omsOrder: { serviceType: r.service_type, parole: r.parole, serviceTypeName: serviceType.label(r.service_type) },
      }));
    },

    async lastOrderProduct(p: VendorPrincipal) {
      const last = await vendorOrders(db, p.vendorId, ownScope(p, PERM.productList))
        .innerJoin('order_products as op', 'op.order_id', 'orders.id')
        .select('op.product_id')
        .orderBy('orders.created_at', 'desc')
        .orderBy('orders.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!last) return null;
      const prod = await db.selectFrom('products').selectAll().where('id', '=', last.product_id).where('vendor_id', '=', p.vendorId).where('deleted_at', 'is', null).executeTakeFirst();
      return prod ? toProductRow(prod) : null;
    },

    /** The text the list's copy action puts on the clipboard. */
    async copyText(p: VendorPrincipal, id: number) {
      const o = await mustFind(p, id);
      const lines = await db.selectFrom('order_products').select(['model_name', 'category_name', 'number', 'maintenance_type']).where('order_id', '=', o.id).orderBy('id').execute();
      const service = serviceType.label(o.service_type);
      return [
        `订单编号：${o.order_no}`,
        `服务类型：${o.parole === 1 ? '保内' : '保外'} ${service}`,
        ...lines.map((l) => `产品：${l.category_name} ${l.model_name}${l.maintenance_type ? `（${maintenanceType.label(l.maintenance_type)}）` : ''} × ${l.number}`),
        `客户姓名：${o.real_name}`,
        `联系电话：${o.phone}${o.phone_extension ? ` 转 ${o.phone_extension}` : ''}`,
        `服务地址：${o.province_name}${o.city_name}${o.district_name}${o.detail_address}`,
        `上门时间：${toShanghai(o.door_time) || '待预约'}`,
        `订单状态：${orderStatus.label(o.status)}`,
        o.remarks ? `备注：${o.remarks}` : '',
      ].filter(Boolean).join('\n');
    },

    /** A warning before submitting: the same customer phone ordered lately or has an open after-sale. */
    async phoneWarning(p: VendorPrincipal, phone: string) {
      if (!/^\d{11}$/.test(phone)) return { warn: false, message: '', orders: [] };
      const since = new Date(Date.now() - 30 * 86400_000).toISOString();
      const rows = await db
        .selectFrom('orders')
        .select(['id', 'order_no', 'status', 'created_at'])
        .where('vendor_id', '=', p.vendorId)
        .$if(scope(p) !== null, (q) => q.where('created_by', '=', scope(p)!))
        .where('phone', '=', phone)
        .where((eb) => eb.or([eb.and([eb('created_at', '>=', since), eb('status', '!=', ORDER_STATUS.cancelled)]), eb('status', '=', ORDER_STATUS.afterSale)]))
        .orderBy('created_at', 'desc')
        .limit(10)
        .execute();
      if (!rows.length) return { warn: false, message: '', orders: [] };
      const afterSale = rows.some((r) => r.status === ORDER_STATUS.afterSale);
      const recent = rows.filter((r) => r.created_at >= since && r.status !== ORDER_STATUS.cancelled).length;
      const parts = [recent ? `该客户手机号近30天已有${recent}个订单` : '', afterSale ? '该客户有进行中的售后' : ''].filter(Boolean);
      return {
        warn: true,
        message: `${parts.join('，')}，是否继续提交？`,
        orders: rows.map((r) => ({ id: r.id, orderNo: r.order_no, status: r.status, statusName: orderStatus.label(r.status), createTime: toShanghai(r.created_at) })),
      };
    },

    /** Courier numbers known for the order: the creation's logistics rows and parts shipments. */
    async logistics(p: VendorPrincipal, id: number) {
      const o = await mustFind(p, id);
      const [rows, parts] = await Promise.all([
        db.selectFrom('order_logistics').selectAll().where('order_id', '=', o.id).orderBy('id').execute(),
        db.selectFrom('material_submissions').selectAll().where('order_id', '=', o.id).where('status', '>=', 1).orderBy('id').execute(),
      ]);
      return [
        ...rows.map((r) => ({
          logisticsCompany: r.courier_company, logisticsNum: r.courier_num, createTime: toShanghai(r.created_at),
          cmcLogisticsDetailList: [{ context: `下单时登记物流单号（${r.courier_company} ${r.courier_num}），物流轨迹请以承运商官网为准`, time: toShanghai(r.created_at) }],
        })),
        ...parts.map((m) => ({
          logisticsCompany: m.company, logisticsNum: m.tracking_num, createTime: toShanghai(m.shipped_at),
          cmcLogisticsDetailList: [
            ...(m.status === 2 ? [{ context: '配件已到货，师傅已签收', time: '' }] : []),
            { context: `厂家已发出配件：${m.apply_accessories}`, time: toShanghai(m.shipped_at) },
          ],
        })),
      ];
    },

    async contactInfo(p: VendorPrincipal) {
      const v = await db.selectFrom('vendors').select(['contacts', 'name']).where('id', '=', p.vendorId).executeTakeFirstOrThrow();
      const main = await db.selectFrom('users').select(['phone', 'name']).where('vendor_id', '=', p.vendorId).where('is_sub', '=', 0).executeTakeFirst();
      return { contactName: v.contacts || main?.name || v.name, contactPhone: main?.phone ?? '' };
    },

    async expenses(p: VendorPrincipal, id: number) {
      const o = await mustFind(p, id);
      return json<Array<{ name: string; price: number; type: 1 | 2 }>>(o.expenses, []).map((e) => ({ name: e.name, price: fenToYuan(e.price), type: e.type }));
    },

    async surcharges(p: VendorPrincipal, id: number) {
      const o = await mustFind(p, id);
      const rows = await db
        .selectFrom('order_surcharges as s')
        .innerJoin('order_products as op', 'op.id', 's.order_product_id')
        .select(['s.id', 's.pz_id', 's.name', 's.price_fen', 's.num', 's.order_product_id', 'op.model_name'])
        .where('s.order_id', '=', o.id)
        .orderBy('s.id')
        .execute();
      return rows.map((s) => ({ id: s.id, pzId: s.pz_id, name: s.name, price: fenToYuan(Number(s.price_fen)), num: s.num, orderProductId: s.order_product_id, modelName: s.model_name }));
    },

  };
}
export type OrderQueries = ReturnType<typeof orderQueries>;
