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
import { countsByStatus, findOrder, toRows } from './orders.repository';
import {
  countInStatusesOrNodes, findLastOrderedProductId, findLiveProduct, findMainUserContact, findMasterContact, findServiceHotline, findVendorContacts,
  listCopyLines, listFrequentCombinations, listOrderLog, listOrderLogistics, listOrderSurcharges, listRecentOrdersOfPhone, listShippedSubmissions, sumAllOrderCounts,
} from './order-queries.repository';

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
        listOrderLog(db, o.id),
        listOrderLogistics(db, o.id),
        o.master_id ? findMasterContact(db, o.master_id) : Promise.resolve(undefined),
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
        customerServiceUser: { name: '平台客服', phone: (await findServiceHotline(db))?.value ?? '' },
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
      return countInStatusesOrNodes(db, p.vendorId, scope(p), [...PENDING_SHORTCUT.statuses], [...PENDING_SHORTCUT.nodes]);
    },

    /** Every order ever published on the platform (the landing adds PUBLISHED_ORDER_BASE). */
    async publishedCount() {
      return sumAllOrderCounts(db);
    },

    /** The vendor's most frequent product + service combinations of the last 180 days (home grid). */
    async quickOrders(p: VendorPrincipal, pageSize = 14) {
      const since = new Date(Date.now() - 180 * 86400_000).toISOString();
      const rows = await listFrequentCombinations(db, p.vendorId, scope(p), since, Math.min(Math.max(pageSize, 1), 50));
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
      const last = await findLastOrderedProductId(db, p.vendorId, ownScope(p, PERM.productList));
      if (!last) return null;
      const prod = await findLiveProduct(db, last.product_id, p.vendorId);
      return prod ? toProductRow(prod) : null;
    },

    /** The text the list's copy action puts on the clipboard. */
    async copyText(p: VendorPrincipal, id: number) {
      const o = await mustFind(p, id);
      const lines = await listCopyLines(db, o.id);
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
      const rows = await listRecentOrdersOfPhone(db, p.vendorId, scope(p), phone, since, ORDER_STATUS.cancelled, ORDER_STATUS.afterSale);
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
        listOrderLogistics(db, o.id),
        listShippedSubmissions(db, o.id),
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
      const v = await findVendorContacts(db, p.vendorId);
      const main = await findMainUserContact(db, p.vendorId);
      return { contactName: v.contacts || main?.name || v.name, contactPhone: main?.phone ?? '' };
    },

    async expenses(p: VendorPrincipal, id: number) {
      const o = await mustFind(p, id);
      return json<Array<{ name: string; price: number; type: 1 | 2 }>>(o.expenses, []).map((e) => ({ name: e.name, price: fenToYuan(e.price), type: e.type }));
    },

    async surcharges(p: VendorPrincipal, id: number) {
      const o = await mustFind(p, id);
      const rows = await listOrderSurcharges(db, o.id);
      return rows.map((s) => ({ id: s.id, pzId: s.pz_id, name: s.name, price: fenToYuan(Number(s.price_fen)), num: s.num, orderProductId: s.order_product_id, modelName: s.model_name }));
    },

  };
}
export type OrderQueries = ReturnType<typeof orderQueries>;
