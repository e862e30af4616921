import { orderNode } from '@portal/domain/enums';
import { fenToYuan } from '@portal/domain/money';
import { progressSteps } from '@portal/domain/orders';
import type { DB } from '../db/database';
import { notFound } from '../lib/errors';
import { toShanghai } from '../lib/time';
import { json } from '../modules/orders/order-row';
import { toRows } from '../modules/orders/orders.repository';
import * as repo from './order-detail.repository';

/** Any vendor's order for the console: the vendor's view plus vendor, master and pending records. */
export async function platformOrderDetail(db: DB, id: number) {
  const o = await repo.findAnyOrder(db, id);
  if (!o) throw notFound();
  const [[row], logs, vendor, master, pics, materials] = await Promise.all([
    toRows(db, [o]),
    repo.listOperateRecords(db, o.id),
    repo.findVendorCompany(db, o.vendor_id),
    o.master_id ? repo.findMasterCard(db, o.master_id) : Promise.resolve(undefined),
    repo.listCompletionPics(db, o.id),
    repo.listMaterialSubmissions(db, o.id),
  ]);
  return {
    ...row!,
    vendorCompany: vendor?.company ?? '',
    master: master ?? null,
    outWarrantyFee: fenToYuan(Number(o.out_warranty_fee_fen)),
    // Where the praise and return stand (decision 277): the console's buttons follow the same guards as the server.
    praiseState: o.praise_state,
    returnState: o.return_state,
    completionPics: pics.map((p) => ({ id: p.id, fileUrl: p.file_url, fileType: p.file_type, orderProductId: p.order_product_id })),
    materials: materials.map((m) => ({ id: m.id, applyAccessories: m.apply_accessories, company: m.company, trackingNum: m.tracking_num, status: m.status })),
    omsOperateRecordList: logs.map((l) => ({ id: l.id, node: l.node, nodeName: orderNode.label(l.node), createTime: toShanghai(l.created_at), content: l.content, operator: l.operator, certificate: json<string[]>(l.certificate, []) })),
    omsOrderExpenses: json<Array<{ name: string; price: number; type: 1 | 2 }>>(o.expenses, []).map((e) => ({ ...e, price: fenToYuan(e.price) })),
    progress: progressSteps(row!.status),
  };
}
