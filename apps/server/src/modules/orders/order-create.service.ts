import { MSG } from '@portal/domain/messages';
import type { OrderAddInput } from '@portal/domain/orders';
import type { DB, Tx } from '../../db/database';
import { badRequest } from '../../lib/errors';
import { fromShanghai, nowIso } from '../../lib/time';
import type { VendorPrincipal } from '../../plugins/context';
import { resolveRegion } from '../../lib/region-tree';
import { loadPricingFacts, priceAddInput } from './order-pricing';
import { findVendorAddressId, findVendorFilePaths, insertLineSurcharges, insertOrder, insertOrderLine, insertOrderLogistics } from './order-create.repository';
import { writeLog } from '../../lib/order-state-machine';
import { guideColumn } from '../../lib/product-row';
import { priceFieldFor } from '@portal/domain/enums';
import { yuanToFen } from '@portal/domain/money';

import { newOrderNo } from '../../lib/order-numbers';
import { slaOnMove } from '../../lib/order-sla';
import { holdSourceNum, sourceNumHolders } from '../../lib/order-source-numbers.repository';
import { IMPORT_MSG } from '@portal/domain/order-import';

export interface CreateOrderOptions {
  /**
   * Refuse the order when another order of the vendor holds its source number (the bulk import,
   * decision 240). The order form may repeat a number: that order then does not hold it.
   */
  sourceNumOnce?: boolean;
  /**
   * Runs in the order's transaction once its row is written (the bulk import records which import and
   * rows made it, decision 299); a throw rolls the order back and reaches the caller.
   */
  inTransaction?: (tx: Tx, orderId: number) => Promise<void>;
}

const isUniqueViolation = (e: unknown) => /unique|duplicate key/i.test(String((e as Error)?.message ?? '')) && /order_no/i.test(String((e as Error)?.message ?? '') + String((e as { constraint?: string })?.constraint ?? ''));

function fileUrls(json: string): Set<string> {
  try {
    const list = JSON.parse(json);
    return new Set(Array.isArray(list) ? list.map((f: { fileUrl?: string }) => String(f?.fileUrl ?? '')) : []);
  } catch {
    return new Set();
  }
}

/** New files named on an order must be the vendor's own uploads. */
async function checkOwnUploads(db: DB, vendorId: number, urls: string[]) {
  if (!urls.length) return;
  const unique = [...new Set(urls)];
  const rows = await findVendorFilePaths(db, vendorId, unique);
  if (rows.length !== unique.length) throw badRequest('文件不存在，请重新上传');
}

/**
 * Create an order from a parsed payload: catalogue prices, the server's own total, the lines,
 * surcharges and logistics rows and the creation log, in one transaction. Answers the new id.
 * In-warranty orders await payment (100); out-of-warranty ones skip it (200, docs/decisions/053).
 */
export async function createOrder(db: DB, p: VendorPrincipal, input: OrderAddInput, opts: CreateOrderOptions = {}): Promise<{ id: number; orderNo: string; status: number }> {
  const names = await resolveRegion(db, input.provinceId, input.cityId, input.districtId);
  if (!names) throw badRequest(MSG.regionRequired);
  const { products, discount } = await loadPricingFacts(db, p.vendorId, input.productList.map((l) => l.productId), input.districtId);
  const lineProducts = new Set(input.productList.map((l) => l.productId));
  if (input.logisticsVoList.some((r) => !lineProducts.has(r.productId!))) throw badRequest(MSG.logisticsIncomplete);
  if (input.addressId !== null) {
    const addr = await findVendorAddressId(db, input.addressId, p.vendorId);
    if (!addr) throw badRequest('收货地址不存在');
  }
  await checkOwnUploads(db, p.vendorId, input.productList.flatMap((l) => [...l.newProductVideo, ...l.newFinishedDrawing].map((f) => f.fileUrl)));
  const priced = priceAddInput(input, products, discount);
  const operator = p.operatorName;
  const skipPayment = input.parole === 2;
  const doorIso = input.doorTime ? fromShanghai(input.doorTime) : null;

  for (let attempt = 0; ; attempt++) {
    const orderNo = newOrderNo();
    try {
      return await db.transaction().execute(async (tx) => {
        const now = nowIso();
        // An order that needs no payment waits for a master at once: its acceptance clock starts (issue 19).
        const sla = skipPayment ? await slaOnMove(tx, null, { status: 200, urgent_flag: 0, urgent_type: null, pay_time: now, door_time: doorIso, service_type: input.serviceType }) : {};
        const order = await insertOrder(tx, {
          vendor_id: p.vendorId,
          created_by: p.userId,
          order_no: orderNo,
          status: skipPayment ? 200 : 100,
          node: 110,
          parole: input.parole,
          service_type: input.serviceType,
          create_type: 1,
          urgent_flag: input.urgentFlag === '1' ? 1 : 0,
          urgent_type: input.urgentType,
          urgent_price_fen: priced.urgentFen,
          praise_flag: input.praiseFlag === '1' ? 1 : 0,
          praise_price_fen: yuanToFen(input.praisePrice),
          return_parts: input.returnParts === '1' ? 1 : 0,
          real_name: input.realName,
          phone: input.phone,
          phone_extension: input.phoneExtension,
          province_id: input.provinceId,
          province_name: names.provinceName,
          city_id: input.cityId,
          city_name: names.cityName,
          district_id: input.districtId,
          district_name: names.districtName,
          detail_address: input.detailAddress,
          door_time: doorIso,
          remarks: input.remarks,
          contact_name: input.contactName,
          contact_phone: input.contactPhone,
          technical_contacts: JSON.stringify(input.technicalContacts),
          address_id: input.addressId,
          payment_type: input.paymentType,
          order_source: input.orderSource,
          order_source_num: input.orderSourceNum,
          total_fen: priced.totalFen,
          discount_fen: priced.discountFen,
          expenses: JSON.stringify(priced.expenses),
          lng: input.lng,
          lat: input.lat,
          created_at: now,
          updated_at: now,
          ...sla,
        });
        if (input.orderSourceNum && !(await holdSourceNum(tx, p.vendorId, input.orderSourceNum, order.id)) && opts.sourceNumOnce) {
          const holder = (await sourceNumHolders(tx, p.vendorId, [input.orderSourceNum])).get(input.orderSourceNum) ?? '';
          throw badRequest(IMPORT_MSG.sourceNumTaken(input.orderSourceNum, holder));
        }
        if (opts.inTransaction) await opts.inTransaction(tx, order.id);
        for (const [i, l] of input.productList.entries()) {
          const prod = products.get(l.productId)!;
          const pl = priced.lines[i]!;
          const field = priceFieldFor(input.serviceType, l.maintenanceType);
          const videos = fileUrls(prod.videos);
          const drawings = fileUrls(prod.drawings);
          const lineRow = {
            order_id: order.id,
            vendor_id: p.vendorId,
            product_id: prod.id,
            category_name: prod.category_name,
            model_name: prod.model_name,
            picture: prod.picture,
            number: l.number,
            price_fen: pl.unitFen,
            guide_price_fen: field ? (prod[guideColumn(field)] ?? null) : null,
            discount_fen: pl.discountFen,
            maintenance_type: l.maintenanceType,
            remarks: l.remarks,
            video_select: JSON.stringify(l.productVideoSelect.filter((u) => videos.has(u))),
            drawing_select: JSON.stringify(l.finishedDrawingSelect.filter((u) => drawings.has(u))),
            new_videos: JSON.stringify(l.newProductVideo),
            new_drawings: JSON.stringify(l.newFinishedDrawing),
          };
          const line = await insertOrderLine(tx, lineRow);
          if (l.omsSurchargeList.length) {
            await insertLineSurcharges(tx, l.omsSurchargeList.map((s) => ({ order_id: order.id, order_product_id: line.id, vendor_id: p.vendorId, pz_id: s.pzId, name: s.name, price_fen: yuanToFen(s.price), num: s.num })));
          }
        }
        if (input.logisticsVoList.length) {
          await insertOrderLogistics(tx, input.logisticsVoList.map((r) => ({ order_id: order.id, vendor_id: p.vendorId, product_id: r.productId!, courier_company: r.courierCompany, courier_num: r.courierNum, phone: r.phone, created_at: now })));
        }
        await writeLog(tx, order, 110, { operator, content: skipPayment ? '订单创建（保外订单，费用由客户现场结算，无需支付）' : '订单创建，待支付' });
        return { id: order.id, orderNo, status: skipPayment ? 200 : 100 };
      });
    } catch (e) {
      if (attempt < 4 && isUniqueViolation(e)) continue;
      throw e;
    }
  }
}
