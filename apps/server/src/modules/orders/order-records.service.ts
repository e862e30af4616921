import { ORDER_NODE } from '@portal/domain/enums';
import { fenToYuan } from '@portal/domain/money';
import type { DB } from '../../db/database';
import { notFound } from '../../lib/errors';
import { toShanghai } from '../../lib/time';
import type { VendorPrincipal } from '../../plugins/context';
import { json } from './order-row';
import type { OrderQueries } from './order-queries.service';
import { linesOf } from './orders.repository';
import { findLastPraise, findLastReturn, findLatestLogAt, findPraiseRecord, findReturnAddress, findReturnRecord, findSubmission, listCompletionPics, listSubmissions } from './order-queries.repository';

// Parts materials, returned items, praise records and completion materials of an order, as the
// dialogs of the list and detail read them. Every lookup goes through the caller's own order.

type Material = Awaited<ReturnType<typeof materialRows>>[number];
const materialRows = (db: DB, vendorId: number, orderId: number) => listSubmissions(db, vendorId, orderId);
const toMaterial = (m: Material) => ({
  id: m.id,
  orderId: m.order_id,
  applyAccessories: m.apply_accessories,
  productPic: json<string[]>(m.product_pic, []),
  productVideo: json<string[]>(m.product_video, []),
  remarks: m.remarks,
  company: m.company,
  trackingNum: m.tracking_num,
  phone: m.phone,
  status: m.status,
  /** the shipping info can be entered only once */
  filled: m.status >= 1,
  createTime: toShanghai(m.created_at),
  shippedTime: toShanghai(m.shipped_at),
});

export function orderRecords(db: DB, queries: OrderQueries) {
  async function returnAddress(vendorId: number) {
    const a = await findReturnAddress(db, vendorId);
    return a
      ? { receiverName: a.real_name, receiverPhone: a.phone, provinceName: a.province_name, cityName: a.city_name, districtName: a.district_name, detailAddress: a.detail_address }
      : { receiverName: '', receiverPhone: '', provinceName: '', cityName: '', districtName: '', detailAddress: '' };
  }
  const returnRow = async (r: Awaited<ReturnType<typeof lastReturn>>) =>
    r && {
      id: r.id,
      orderId: r.order_id,
      expressBillImg: r.express_bill_img,
      expressCompanyName: r.express_company_name,
      expressNumber: r.express_number,
      paymentType: r.payment_type,
      expressFee: fenToYuan(Number(r.express_fee_fen)),
      expressVoucher: r.express_voucher,
      returnedPhotos: json<string[]>(r.returned_photos, []),
      checkStatus: r.check_status,
      reason: r.reason,
      createTime: toShanghai(r.created_at),
      checkTime: toShanghai(r.checked_at),
      ...(await returnAddress(r.vendor_id)),
    };
  const lastReturn = (vendorId: number, orderId: number) => findLastReturn(db, vendorId, orderId);
  const praiseRow = (r: { id: number; order_id: number; amount_fen: number; certificate: string; check_status: number; reason: string; created_at: string; checked_at: string | null }) => ({
    id: r.id, orderId: r.order_id, amount: fenToYuan(Number(r.amount_fen)), certificate: json<string[]>(r.certificate, []), checkStatus: r.check_status, reason: r.reason,
    createTime: toShanghai(r.created_at), checkTime: toShanghai(r.checked_at),
  });

  return {
    async materials(p: VendorPrincipal, orderId: number) {
      const o = await queries.mustFind(p, orderId);
      return (await materialRows(db, p.vendorId, o.id)).map(toMaterial);
    },
    async lastMaterial(p: VendorPrincipal, orderId: number) {
      const o = await queries.mustFind(p, orderId);
      const [m] = await materialRows(db, p.vendorId, o.id);
      return m ? toMaterial(m) : null;
    },
    async material(p: VendorPrincipal, id: number) {
      const m = await findSubmission(db, id, p.vendorId);
      if (!m) throw notFound();
      await queries.mustFind(p, m.order_id);
      return toMaterial(m);
    },
    async returnOfOrder(p: VendorPrincipal, orderId: number) {
      const o = await queries.mustFind(p, orderId);
      return returnRow(await lastReturn(p.vendorId, o.id));
    },
    async returnRecord(p: VendorPrincipal, id: number) {
      const r = await findReturnRecord(db, id, p.vendorId);
      if (!r) throw notFound();
      await queries.mustFind(p, r.order_id);
      return returnRow(r);
    },
    async praiseOfOrder(p: VendorPrincipal, orderId: number) {
      const o = await queries.mustFind(p, orderId);
      const r = await findLastPraise(db, p.vendorId, o.id);
      return r ? praiseRow(r) : null;
    },
    async praiseRecord(p: VendorPrincipal, id: number) {
      const r = await findPraiseRecord(db, id, p.vendorId);
      if (!r) throw notFound();
      await queries.mustFind(p, r.order_id);
      return praiseRow(r);
    },
    /** Completion materials: pictures per product line, recycle pictures, install materials. */
    async completion(p: VendorPrincipal, orderId: number) {
      const o = await queries.mustFind(p, orderId);
      const [lines, pics, materials] = await Promise.all([
        linesOf(db, [o.id]),
        listCompletionPics(db, p.vendorId, o.id),
        findLatestLogAt(db, o.id, ORDER_NODE.materialsSubmitted),
      ]);
      const pic = (x: (typeof pics)[number]) => ({ id: x.id, fileUrl: x.file_url, fileType: x.file_type });
      return {
        omsOrder: { id: o.id, orderNo: o.order_no, serviceType: o.service_type, completionTime: toShanghai(o.completion_time) },
        recycleImgs: pics.filter((x) => x.order_product_id === null).map(pic),
        omsOrderProductList: (lines.get(o.id) ?? []).map((l) => ({ ...l, omsProductCompletionPicList: pics.filter((x) => x.order_product_id === l.id).map(pic) })),
        auxiliaryMaterial: materials ? json<string[]>(materials.certificate, []) : [],
        remarks: materials?.content ?? '',
      };
    },
  };
}
