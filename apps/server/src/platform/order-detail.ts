import { orderNode } from '@portal/domain/enums';
import { fenToYuan } from '@portal/domain/money';
import { progressSteps } from '@portal/domain/orders';
import type { DB } from '../db/database';
import { notFound } from '../lib/errors';
import { toShanghai } from '../lib/time';
import { json } from '../modules/orders/order-row';
import { toRows } from '../modules/orders/orders.repository';

/** Any vendor's order for the console: the vendor's view plus vendor, master and pending records. */
export async function platformOrderDetail(db: DB, id: number) {
  const o = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!o) throw notFound();
  const [[row], logs, vendor, master, pics, materials] = await Promise.all([
    toRows(db, [o]),
    db.selectFrom('order_operate_records').selectAll().where('order_id', '=', o.id).orderBy('id', 'desc').execute(),
    db.selectFrom('vendors').select(['id', 'company']).where('id', '=', o.vendor_id).executeTakeFirst(),
    o.master_id ? db.selectFrom('masters').select(['id', 'name', 'phone']).where('id', '=', o.master_id).executeTakeFirst() : Promise.resolve(undefined),
    db.selectFrom('completion_pics').select(['id', 'file_url', 'file_type', 'order_product_id']).where('order_id', '=', o.id).execute(),
    db.selectFrom('material_submissions').select(['id', 'apply_accessories', 'company', 'tracking_num', 'status']).where('order_id', '=', o.id).orderBy('id', 'desc').execute(),
  ]);
  return {
    ...row!,
    vendorCompany: vendor?.company ?? '',
    master: master ?? null,
    outWarrantyFee: fenToYuan(Number(o.out_warranty_fee_fen)),
    completionPics: pics.map((p) => ({ id: p.id, fileUrl: p.file_url, fileType: p.file_type, orderProductId: p.order_product_id })),
    materials: materials.map((m) => ({ id: m.id, applyAccessories: m.apply_accessories, company: m.company, trackingNum: m.tracking_num, status: m.status })),
    omsOperateRecordList: logs.map((l) => ({ id: l.id, node: l.node, nodeName: orderNode.label(l.node), createTime: toShanghai(l.created_at), content: l.content, operator: l.operator, certificate: json<string[]>(l.certificate, []) })),
    omsOrderExpenses: json<Array<{ name: string; price: number; type: 1 | 2 }>>(o.expenses, []).map((e) => ({ ...e, price: fenToYuan(e.price) })),
    progress: progressSteps(row!.status),
  };
}
