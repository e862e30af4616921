import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_AFTER_SALE_API } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import { addCompletionPics, createOrder } from '../src/modules/after-sales/after-sales.fixtures';
import { createOperator, createVendor, get, post, startTestApp, type TestApp } from './helper';

// Review books #1: every list filtered by a day range takes in the whole last day. The upper bound is the
// first instant after the day, minute or second sent (lib/time.ts untilShanghai): a `<= …23:59:59.000` left
// out what was stored at 23:59:59.001–.999.

let t: TestApp;
let vendor: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
const DAY = '2026-10-31';
const LATE = '2026-10-31T15:59:59.567Z'; // Shanghai 2026-10-31 23:59:59.567
const NEXT = '2026-10-31T16:00:00.000Z'; // Shanghai 2026-11-01 00:00:00.000
let late: { id: number; caseId: number };
let next: { id: number; caseId: number };

/** A completed order with a picture and an after-sales case, all three dated `at`. */
async function dated(at: string) {
  const o = await createOrder(t, vendor.vendorId, vendor.userId, { completionTime: at });
  await addCompletionPics(t, o.id, vendor.vendorId, 1);
  await t.db.updateTable('orders').set({ created_at: at }).where('id', '=', o.id).execute();
  const r = await post(t, API.afterSaleApply, { orderId: o.id, type: 2, reasons: '安装后产品无法正常使用', description: '空调不制冷，需要师傅再次上门' }, { token: vendor.token });
  expect(r.body.code).toBe(200);
  const caseId = r.body.data.id as number;
  await t.db.updateTable('after_sales').set({ created_at: at }).where('id', '=', caseId).execute();
  return { id: o.id, caseId };
}

beforeAll(async () => {
  t = await startTestApp();
  vendor = await createVendor(t);
  op = await createOperator(t);
  late = await dated(LATE);
  next = await dated(NEXT);
});
afterAll(async () => t.close());

type Rows = Array<Record<string, number>>;
const ids = async (path: string, key: string, query: Record<string, string>, opts: { token: string; role?: string } = { token: vendor.token }) =>
  ((await get(t, path, { ...opts, query: { pageNum: '1', pageSize: '50', ...query } })).body.rows as Rows).map((r) => r[key]).sort((a, b) => a! - b!);

/** The ends a caller may send for a range of one day: the web's dates, a full day in seconds, and minutes. */
const RANGES: Array<[string, string]> = [
  [DAY, DAY],
  [`${DAY} 00:00:00`, `${DAY} 23:59:59`],
  [`${DAY} 00:00`, `${DAY} 23:59`],
];

describe('a day range covers the whole day', () => {
  it.each(RANGES)('order list by created and completed time: %s – %s', async (min, max) => {
    expect(await ids(API.orderList, 'id', { minCreateTime: min, maxCreateTime: max })).toEqual([late.id]);
    expect(await ids(API.orderList, 'id', { minCompletionTime: min, maxCompletionTime: max })).toEqual([late.id]);
    expect(await ids(API.orderList, 'id', { minCreateTime: '2026-11-01', maxCreateTime: '2026-11-01 23:59:59' })).toEqual([next.id]);
  });

  it.each(RANGES)('完工相册 by completion time: %s – %s', async (min, max) => {
    expect(await ids(API.galleryList, 'orderId', { minTime: min, maxTime: max })).toEqual([late.id]);
    expect(await ids(API.galleryList, 'orderId', { minTime: '2026-11-01', maxTime: '2026-11-01 23:59:59' })).toEqual([next.id]);
  });

  it.each(RANGES)('售后 lists, the merchant’s and the console’s: %s – %s', async (min, max) => {
    expect(await ids(API.afterSaleList, 'id', { minTime: min, maxTime: max })).toEqual([late.caseId]);
    const console = await ids(PLATFORM_AFTER_SALE_API.list, 'id', { minTime: min, maxTime: max }, { token: op.token, role: 'platform' });
    expect(console).toContain(late.caseId);
    expect(console).not.toContain(next.caseId);
    expect(await ids(API.afterSaleList, 'id', { minTime: '2026-11-01', maxTime: '2026-11-01 23:59:59' })).toEqual([next.caseId]);
  });

  it('a range that ends in year 9999 has no end, and text that is not a date is no bound', async () => {
    expect(await ids(API.orderList, 'id', { minCreateTime: DAY, maxCreateTime: '9999-12-31' })).toEqual([late.id, next.id]);
    expect(await ids(API.orderList, 'id', { minCreateTime: DAY, maxCreateTime: 'soon' })).toEqual([late.id, next.id]);
  });
});
