import { orderNode, orderStatus } from '@portal/domain/enums';
import { fenToYuan } from '@portal/domain/money';
import { deriveStatusInfo, displayState, type FileItem, type OrderListLine, type OrderListRow, type OrderProductRow, type OrderRow } from '@portal/domain/orders';
import type { Selectable } from 'kysely';
import type { OrderProductsTable, OrderSurchargesTable, OrdersTable } from '../../db/schema/orders';
import { toShanghai } from '../../lib/time';
import { slaAnswer } from '../../lib/order-sla';

// Rows of the database → the answer shapes of spec 02 §3 (packages/domain/src/orders.ts types).

export type OrderRecord = Selectable<OrdersTable>;
export type OrderProductRecord = Selectable<OrderProductsTable>;
export type SurchargeRecord = Selectable<OrderSurchargesTable>;

/** The columns an order list row is made of (decision 098). */
export const LIST_COLUMNS = [
  'id', 'order_no', 'status', 'node', 'parole', 'service_type', 'urgent_flag', 'urgent_type', 'praise_flag', 'return_parts',
  'real_name', 'phone', 'phone_extension', 'province_id', 'province_name', 'city_id', 'city_name', 'district_id', 'district_name',
  'detail_address', 'door_time', 'remarks', 'total_fen', 'real_pay_fen', 'pay_time', 'completion_time', 'created_at',
  'virtual_taking', 'paid_flag', 'marker_type', 'marker_value', 'created_by', 'sla_stage', 'sla_due_at', 'sla_breaches', 'customer_rating',
  'praise_state', 'return_state',
] as const satisfies ReadonlyArray<keyof OrderRecord>;
export type OrderListRecord = Pick<OrderRecord, (typeof LIST_COLUMNS)[number]>;

export const LIST_LINE_COLUMNS = [
  'id', 'order_id', 'product_id', 'category_name', 'model_name', 'picture', 'number', 'price_fen', 'guide_price_fen', 'maintenance_type',
] as const satisfies ReadonlyArray<keyof OrderProductRecord>;
export type OrderListLineRecord = Pick<OrderProductRecord, (typeof LIST_LINE_COLUMNS)[number]>;

export function json<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  if (text === '[]') return [] as T;
  try {
    const v = JSON.parse(text ?? '');
    return v ?? fallback;
  } catch {
    return fallback;
  }
}

export { accountName } from '../../lib/account-name';

const flag = (v: number) => (v === 1 ? '1' : '0') as '0' | '1';

export function toListLine(p: OrderListLineRecord): OrderListLine {
  const price = Number(p.price_fen);
  return {
    id: p.id,
    productId: p.product_id,
    categoryName: p.category_name,
    modelName: p.model_name,
    productPicture: p.picture,
    number: p.number,
    price: fenToYuan(price),
    guidePrice: p.guide_price_fen == null ? null : fenToYuan(Number(p.guide_price_fen)),
    totalPrice: fenToYuan(price * p.number),
    maintenanceType: p.maintenance_type,
  };
}

export function toProductLine(p: OrderProductRecord, surcharges: SurchargeRecord[]): OrderProductRow {
  return {
    ...toListLine(p),
    remarks: p.remarks,
    omsSurchargeList: surcharges.map((s) => ({ id: s.id, pzId: s.pz_id, name: s.name, price: fenToYuan(Number(s.price_fen)), num: s.num })),
    productVideoSelect: json<string[]>(p.video_select, []),
    finishedDrawingSelect: json<string[]>(p.drawing_select, []),
    newProductVideo: json<FileItem[]>(p.new_videos, []),
    newFinishedDrawing: json<FileItem[]>(p.new_drawings, []),
  };
}

/** `followUpOfOpenCase`: the order is an open after-sales case's re-dispatch order (decision 281). */
export function toOrderListRow(o: OrderListRecord, lines: OrderListLine[], creatorName: string, followUpOfOpenCase = false): OrderListRow {
  const doorTime = toShanghai(o.door_time);
  const state = {
    status: o.status, node: o.node, parole: o.parole, urgentFlag: flag(o.urgent_flag), virtualTaking: o.virtual_taking, doorTime, praiseState: o.praise_state, returnState: o.return_state,
    followUpOfOpenCase,
  };
  const shown = displayState(state);
  return {
    id: o.id,
    orderNo: o.order_no,
    status: shown.status,
    node: shown.node,
    realStatus: o.status,
    realNode: o.node,
    statusName: orderStatus.label(shown.status),
    nodeName: orderNode.label(shown.node),
    parole: o.parole,
    serviceType: o.service_type,
    urgentFlag: flag(o.urgent_flag),
    urgentType: o.urgent_type,
    praiseFlag: flag(o.praise_flag),
    returnParts: flag(o.return_parts),
    realName: o.real_name,
    phone: o.phone,
    phoneExtension: o.phone_extension,
    provinceId: o.province_id,
    provinceName: o.province_name,
    cityId: o.city_id,
    cityName: o.city_name,
    districtId: o.district_id,
    districtName: o.district_name,
    detailAddress: o.detail_address,
    doorTime,
    remarks: o.remarks,
    totalPrice: fenToYuan(Number(o.total_fen)),
    realPayPrice: fenToYuan(Number(o.real_pay_fen)),
    payTime: toShanghai(o.pay_time),
    completionTime: toShanghai(o.completion_time),
    createTime: toShanghai(o.created_at),
    virtualTaking: o.virtual_taking,
    paidFlag: o.paid_flag,
    markerType: o.marker_type,
    markerValue: o.marker_value,
    userInfo: { name: creatorName },
    productList: lines,
    // Flags follow the real state: a virtually taken order is still cancellable as 200.
    statusInfo: deriveStatusInfo(state),
    // In the stored card without `overdue`, which depends on now: the list adds it when it sends the page.
    sla: slaAnswer(o),
    customerRating: o.customer_rating,
  };
}

export function toOrderRow(o: OrderRecord, lines: OrderProductRow[], creatorName: string, followUpOfOpenCase = false): OrderRow {
  return {
    ...toOrderListRow(o, lines, creatorName, followUpOfOpenCase),
    productList: lines,
    createType: o.create_type,
    urgentName: o.urgent_flag === 1 ? '加急费' : '',
    urgentPrice: fenToYuan(Number(o.urgent_price_fen)),
    praisePrice: fenToYuan(Number(o.praise_price_fen)),
    contactName: o.contact_name,
    contactPhone: o.contact_phone,
    technicalContacts: json(o.technical_contacts, []),
    addressId: o.address_id,
    paymentType: o.payment_type,
    orderSource: o.order_source,
    orderSourceNum: o.order_source_num,
    discountPrice: fenToYuan(Number(o.discount_fen)),
    receivingTime: toShanghai(o.receiving_time),
    customerServiceId: o.customer_service_id,
    followRemark: o.follow_remark,
    closeRemark: o.close_remark,
  };
}
