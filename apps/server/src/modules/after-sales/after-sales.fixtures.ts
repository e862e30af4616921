import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Canvas, type Rgb } from '../../db/seed/png';
import { nowIso } from '../../lib/time';
import type { TestApp } from '../../../test/helper';

// Test data for after-sales and gallery tests: real rows and real PNG files, made directly in the database.

let seq = 0;

/** A passed catalogue product under category 空调 / 挂机 / 1P (ids 1 / 101 / 10101) or another path. */
export async function createProduct(t: TestApp, vendorId: number, userId: number, category: [number, number, number] = [1, 101, 10101]) {
  const row = await t.db
    .insertInto('products')
    .values({
      vendor_id: vendorId, created_by: userId, category_id: category[2], category_id_one: category[0], category_id_two: category[1],
      category_name: '1P', category_name_one: '空调', category_name_two: '挂机', model_name: `KFR-${++seq}GW`, installation_fen: 15000, check_status: 1, created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface OrderOpts {
  status?: number;
  node?: number;
  realName?: string;
  phone?: string;
  serviceType?: number;
  productId?: number;
  modelName?: string;
  completionTime?: string | null;
}

/** A completed (700 / 710) in-warranty order with one product line, unless told otherwise. */
export async function createOrder(t: TestApp, vendorId: number, userId: number, o: OrderOpts = {}) {
  const now = nowIso();
  const orderNo = `GD2026${String(Date.now()).slice(-8)}${String(++seq).padStart(4, '0')}`;
  const order = await t.db
    .insertInto('orders')
    .values({
      vendor_id: vendorId, created_by: userId, order_no: orderNo, status: o.status ?? 700, node: o.node ?? 710, parole: 1, service_type: o.serviceType ?? 1,
      real_name: o.realName ?? '赵女士', phone: o.phone ?? '13612345678', province_id: '310000', province_name: '上海市', city_id: '310100', city_name: '上海市',
      district_id: '310112', district_name: '闵行区', detail_address: '七莘路1888号', total_fen: 15000, real_pay_fen: 15000, paid_flag: 1, pay_time: now,
      completion_time: o.completionTime === undefined ? now : o.completionTime, created_at: now, updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('order_products')
    .values({ order_id: order.id, vendor_id: vendorId, product_id: o.productId ?? 0, category_name: '空调/挂机/1P', model_name: o.modelName ?? 'KFR-35GW', number: 1, price_fen: 15000 })
    .execute();
  return { id: order.id, orderNo };
}

const COLORS: Rgb[] = [[66, 133, 244], [52, 168, 83], [251, 188, 5], [234, 67, 53]];

/** A real PNG stored under DATA_DIR/uploads as the upload module would store it. */
export function writePng(t: TestApp, dir: string, i = 0): { path: string; size: number } {
  const png = new Canvas(24, 16, COLORS[i % COLORS.length]!).rect(4, 4, 8, 8, [255, 255, 255]).png();
  const path = `/${dir}/2026/11/${randomBytes(16).toString('hex')}.png`;
  const abs = join(t.config.DATA_DIR, 'uploads', path);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, png);
  return { path, size: png.length };
}

/** Completion pictures of an order (real files); answers their ids. */
export async function addCompletionPics(t: TestApp, orderId: number, vendorId: number, n: number) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const { path } = writePng(t, 'order', i);
    const r = await t.db.insertInto('completion_pics').values({ order_id: orderId, vendor_id: vendorId, file_url: path, file_type: 1, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
    ids.push(r.id);
  }
  return ids;
}

/** An upload of the vendor (files row + file), as the voucher widget would leave it. */
export async function uploadedPicture(t: TestApp, vendorId: number, userId: number) {
  const { path, size } = writePng(t, 'afterSale');
  await t.db.insertInto('files').values({ vendor_id: vendorId, user_id: userId, dir: 'afterSale', path, original_name: 'voucher.png', size, created_at: nowIso() }).execute();
  return path;
}

/**
 * The shortest end of `value` (at least `min` characters) found in none of `others`: a keyword that
 * must find exactly one case. A fixed six-digit end of an order number met a phone now and then
 * ("…00" + seq 0001 is in 13800000010).
 */
export function uniqueSuffix(value: string, others: string[], min = 6): string {
  const texts = others.map((o) => o.toLowerCase());
  for (let n = min; n <= value.length; n++) {
    const end = value.slice(-n);
    if (!texts.some((t) => t.includes(end.toLowerCase()))) return end;
  }
  throw new Error(`every end of ${value} is in another case`);
}
