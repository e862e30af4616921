import { z } from 'zod';
import { time, yuan } from './envelope';

/**
 * Answers of the order routes (spec 02 §7 Orders). The order itself (OrderRow/OrderDetail in orders.ts)
 * is described by its identifying and state fields; the other fields follow the spec's Order table
 * (the object is open: further fields are allowed).
 */

const orderState = {
  id: z.number().int(),
  orderNo: z.string(),
  status: z.number().int().describe('显示状态（realStatus 为存储的状态）'),
  node: z.number().int(),
  realStatus: z.number().int(),
  realNode: z.number().int(),
  statusName: z.string(),
  nodeName: z.string(),
  serviceType: z.number().int(),
  realName: z.string(),
  phone: z.string(),
  totalPrice: yuan,
  realPayPrice: yuan,
  createTime: time,
};
const orderLine = z.looseObject({ id: z.number().int(), productId: z.number().int(), modelName: z.string(), number: z.number().int(), price: yuan, totalPrice: yuan });

export const orderListRow = z.looseObject({ ...orderState, productList: z.array(orderLine) });
export const orderDetail = z.looseObject({
  ...orderState,
  productList: z.array(orderLine),
  omsOperateRecordList: z.array(z.looseObject({ id: z.number().int(), node: z.number().int(), content: z.string(), createTime: time })),
  omsOrderExpenses: z.array(z.object({ name: z.string(), price: yuan, type: z.union([z.literal(1), z.literal(2)]) })),
});
export const orderPaid = z.object({ id: z.number().int(), orderNo: z.string(), realPayFen: z.number().int(), balanceAfterFen: z.number().int() });

export const phoneWarning = z.object({
  warn: z.boolean(),
  message: z.string(),
  orders: z.array(z.object({ id: z.number().int(), orderNo: z.string(), status: z.number().int(), statusName: z.string(), createTime: time })),
});
export const logisticsEntry = z.object({
  logisticsCompany: z.string(),
  logisticsNum: z.string(),
  createTime: time,
  cmcLogisticsDetailList: z.array(z.object({ context: z.string(), time: z.string() })),
});
export const contactInfo = z.object({ contactName: z.string(), contactPhone: z.string() });
export const expense = z.object({ name: z.string(), price: yuan, type: z.union([z.literal(1), z.literal(2)]).describe('1 增加，2 扣减') });
/** A record of the order's dialogs (parts shipping, return, praise, completion): open objects. */
export const orderRecord = z.looseObject({});
export const logisticsCompany = z.object({ id: z.number().int(), name: z.string() });
export const surchargeItem = z.object({ id: z.number().int(), pzId: z.number().int(), serviceType: z.number().int(), name: z.string(), price: yuan, unit: z.string() });
export const outletDiscount = z.object({ id: z.number().int(), fullReduceAmount: yuan, discountAmount: yuan });

export const addressResolution = z.object({
  name: z.string(),
  mobile: z.array(z.string().optional()).describe('识别出的手机号'),
  xzq: z.object({ province: z.string(), provinceCode: z.string(), city: z.string(), pCode: z.string(), district: z.string(), code: z.string(), subArea: z.string() }).nullable(),
  detail: z.string(),
});
export const geocodeResult = z.object({
  located: z.boolean(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  precision: z.string().describe('district | none'),
  districtId: z.string(),
  message: z.string(),
});

/** Console: an order row with its vendor and master; the moved order's state. */
export const platformOrderRow = orderListRow.extend({
  vendorId: z.number().int(),
  vendorCompany: z.string(),
  master: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }).nullable(),
});
export const platformOrderMoved = z.object({ id: z.number().int(), status: z.number().int(), node: z.number().int() });
