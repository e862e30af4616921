import { z } from 'zod';
import { PRODUCT_PICKER_PAGE_SIZE } from '../validation';
import { time, yuan } from './envelope';
import { productRow } from './products';

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

export const orderListRow = z.looseObject({ ...orderState, productList: z.array(orderLine), extraFeePending: z.boolean().optional().describe('有待确认的加价申请（issue 46）') });
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

/** The home page's order statistics (GET order/statistics). */
export const orderStatistics = z.object({
  total: z.number().int(),
  obligations: z.number().int(),
  pendingOrder: z.number().int(),
  serviced: z.number().int(),
  settled: z.number().int(),
  completed: z.number().int(),
  afterSale: z.number().int(),
});
/** A quick-order tile (GET quicklyOrder rows): a product of the vendor's frequent recent orders, with that order's service. */
export const quickOrderItem = z.object({
  productId: z.number().int(),
  categoryName: z.string(),
  modelName: z.string(),
  productPicture: z.string(),
  number: z.number().int(),
  maintenanceType: z.number().int().nullable(),
  omsOrder: z.object({ serviceType: z.number().int(), parole: z.number().int(), serviceTypeName: z.string() }),
});

// The records the order dialogs read (parts shipping, return, praise, completion).
const int = z.number().int();
/** A master's parts request and what the vendor shipped for it (GET application/getLast/{orderId}, submission/info/{id}). */
export const partsMaterial = z.object({
  id: int,
  orderId: int,
  applyAccessories: z.string(),
  productPic: z.array(z.string()),
  productVideo: z.array(z.string()),
  remarks: z.string(),
  company: z.string(),
  trackingNum: z.string(),
  phone: z.string(),
  status: int.describe('0 requested, 1 shipped by the vendor, 2 arrived'),
  filled: z.boolean().describe('the shipping info can be entered only once'),
  createTime: time,
  shippedTime: time,
});
/** The returned-part record of an order with the vendor's return address (GET information/getInfo/{orderId}). */
export const returnRecord = z.object({
  id: int,
  orderId: int,
  expressBillImg: z.string(),
  expressCompanyName: z.string(),
  expressNumber: z.string(),
  paymentType: int.describe('0: the vendor pays the courier'),
  expressFee: yuan,
  expressVoucher: z.string(),
  returnedPhotos: z.array(z.string()),
  checkStatus: int.describe('0 pending, 1 approved, 2 rejected'),
  reason: z.string(),
  createTime: time,
  checkTime: time,
  receiverName: z.string(),
  receiverPhone: z.string(),
  provinceName: z.string(),
  cityName: z.string(),
  districtName: z.string(),
  detailAddress: z.string(),
});
/** The praise-promotion proof of an order (GET praise/getInfo/{orderId}). */
export const praiseRecord = z.object({ id: int, orderId: int, amount: yuan, certificate: z.array(z.string()), checkStatus: int, reason: z.string(), createTime: time, checkTime: time });
const completionPic = z.object({ id: int, fileUrl: z.string(), fileType: int.describe('1 image, otherwise video') });
/** Completion materials (GET detail/information/{orderId}): pictures per product line, recycle pictures, install materials. */
export const completionMaterials = z.object({
  omsOrder: z.object({ id: int, orderNo: z.string(), serviceType: int, completionTime: time }),
  recycleImgs: z.array(completionPic),
  omsOrderProductList: z.array(z.looseObject({ id: int, modelName: z.string(), categoryName: z.string(), omsProductCompletionPicList: z.array(completionPic) })),
  auxiliaryMaterial: z.array(z.string()),
  remarks: z.string(),
});
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
/**
 * Console: what the order detail adds to the vendor's view (vendor, master, out-of-warranty fee,
 * completion pictures, parts records). The route still declares `orderDetail`, which this extends.
 */
export const platformOrderDetail = orderDetail.extend({
  vendorCompany: z.string(),
  master: z.object({ id: int, name: z.string(), phone: z.string() }).nullable(),
  outWarrantyFee: yuan,
  praiseState: int.describe('好评推广：0 无（或已驳回），1 待审核，2 已通过（决策 277）'),
  returnState: int.describe('返件：0 无（或已驳回），1 待审核，2 已通过'),
  completionPics: z.array(z.object({ id: int, fileUrl: z.string(), fileType: int, orderProductId: int.nullable() })),
  materials: z.array(z.object({ id: int, applyAccessories: z.string(), company: z.string(), trackingNum: z.string(), status: int })),
});

/**
 * GET /api/app/order/products (decision 280): the passed products the order form offers, behind the
 * create key and not narrowed by 产品管理's data scope; newest first, with a keyword those whose model or
 * category names contain it, at most `pageSize` (the picker's 9999 by default and at most).
 */
export const orderFormProductsQuery = z.object({
  keywords: z.string().trim().max(100).optional().catch(undefined).describe('型号或分类名称包含'),
  pageSize: z.coerce.number().int().min(1).max(PRODUCT_PICKER_PAGE_SIZE).catch(PRODUCT_PICKER_PAGE_SIZE).describe(`最多返回几个，默认并至多 ${PRODUCT_PICKER_PAGE_SIZE}`),
});
export const orderFormProducts = z.array(productRow);
