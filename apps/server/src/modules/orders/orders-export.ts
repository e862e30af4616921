import { orderStatus, parole as paroleLabel, serviceType } from '@portal/domain/enums';
import { fenToYuan } from '@portal/domain/money';
import type { OrderListQuery } from '@portal/domain/orders';
import type { DB } from '../../db/database';
import { nowIso, toShanghai } from '../../lib/time';
import { streamXlsx, timestampedName, type Cell } from '../../lib/xlsx-stream';
import { exportBatch } from './order-list.repository';
import { withSoonWindow } from './order-list';
import { exportLines, exportRatings } from './orders.repository';
import { satisfactionOf } from '@portal/domain/customer-page';

// The order export: a real .xlsx streamed row by row (exceljs WorkbookWriter, inline strings), so
// memory stays flat whatever the number of orders.

export const ORDER_EXPORT_NAME = '工单记录';
const COLUMNS = [
  { header: '订单编号', width: 26 },
  { header: '下单时间', width: 20 },
  { header: '订单状态', width: 10 },
  { header: '订单来源', width: 12 },
  { header: '来源单号', width: 22 },
  { header: '保内/保外', width: 10 },
  { header: '服务类型', width: 12 },
  { header: '产品', width: 40 },
  { header: '客户姓名', width: 12 },
  { header: '客户电话', width: 16 },
  { header: '服务地址', width: 48 },
  { header: '订单金额', width: 12, numFmt: '#,##0.00' },
  { header: '实付金额', width: 12, numFmt: '#,##0.00' },
  { header: '完工时间', width: 20 },
  { header: '备注', width: 40 },
  // the customer's rating (issue 47)
  { header: '满意度', width: 12 },
  { header: '评价标签', width: 30 },
  { header: '客户评价', width: 40 },
] as const;
const BATCH = 2000;

export const exportFileName = (now = nowIso()) => timestampedName(ORDER_EXPORT_NAME, now);

/** Filtered (or checked: listOrderId) orders of the vendor in keyset batches, newest first. */
export async function* orderBatches(db: DB, vendorId: number, ownerId: number | null, f: OrderListQuery & { listOrderId: number[] }, pg: boolean, batchSize = BATCH) {
  let cursor: { created_at: string; id: number } | null = null;
  const filter = await withSoonWindow(db, f);
  for (;;) {
    const rows = await exportBatch(db, vendorId, ownerId, filter, pg, cursor, batchSize);
    if (!rows.length) return;
    const ids = rows.map((r) => r.id);
    const [products, ratings] = await Promise.all([exportLines(db, ids), exportRatings(db, ids)]);
    const ratingOf = new Map(ratings.map((r) => [r.order_id, r]));
    const tagsOf = (text: string) => {
      try {
        return (JSON.parse(text) as string[]).join('、');
      } catch {
        return '';
      }
    };
    const byOrder = new Map<number, string[]>();
    for (const p of products) byOrder.set(p.order_id, [...(byOrder.get(p.order_id) ?? []), `${p.category_name} ${p.model_name}×${p.number}`]);
    yield rows.map((o) => [
      o.order_no,
      toShanghai(o.created_at),
      orderStatus.label(o.status),
      o.order_source,
      o.order_source_num,
      paroleLabel.label(o.parole),
      serviceType.label(o.service_type),
      (byOrder.get(o.id) ?? []).join('；'),
      o.real_name,
      o.phone_extension ? `${o.phone}-${o.phone_extension}` : o.phone,
      `${o.province_name}${o.city_name}${o.district_name}${o.detail_address}`,
      fenToYuan(Number(o.total_fen)),
      fenToYuan(Number(o.real_pay_fen)),
      toShanghai(o.completion_time),
      o.remarks,
      o.customer_rating ? `${o.customer_rating}星（${satisfactionOf(o.customer_rating).label}）` : '未评价',
      tagsOf(ratingOf.get(o.id)?.tags ?? '[]'),
      ratingOf.get(o.id)?.comment ?? '',
    ]);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { created_at: last.created_at, id: last.id };
  }
}

export const streamOrdersXlsx = (batches: AsyncIterable<Cell[][]>, onError: (err: unknown) => void) =>
  streamXlsx(ORDER_EXPORT_NAME, COLUMNS, batches, { styled: true, onError });
