import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createVendor, get, startTestApp, type TestApp } from '../../../test/helper';
import { likePattern } from '../../lib/like';
import { addCompletionPics, createOrder } from '../after-sales/after-sales.fixtures';

// The gallery's customer keyword (name or phone) on both databases (issue #15, decision 140): the orders'
// keyword index finds the orders, these two columns are rechecked. One and two Chinese characters,
// Latin names in any case, % and _ as themselves, only the vendor's orders, and a total counted up to
// ORDER_TOTAL_BOUND.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let other: Awaited<ReturnType<typeof createVendor>>;
const o: Record<string, number> = {};

async function completed(vendor: { vendorId: number; userId: number }, name: string, realName: string, phone: string, modelName = 'KFR-35GW') {
  const order = await createOrder(t, vendor.vendorId, vendor.userId, { realName, phone, modelName });
  await addCompletionPics(t, order.id, vendor.vendorId, 1);
  o[name] = order.id;
}

beforeAll(async () => {
  t = await startTestApp({ ORDER_TOTAL_BOUND: '5' });
  v = await createVendor(t);
  other = await createVendor(t);
  await completed(v, 'wang', '王建华', '13700000001');
  await completed(v, 'li', '李建国', '13700000002');
  await completed(v, 'latin', 'Zhang WEI', '13700000003');
  await completed(v, 'pct', '赵%_六', '13700000004');
  for (let i = 0; i < 6; i++) await completed(v, `dense${i}`, '孙七', `1380000001${i}`);
  await completed(other, 'theirs', '王建华', '13700000009');
});
afterAll(async () => t.close());

const list = async (keyword: string, query: Record<string, string | number> = {}, token = v.token) =>
  (await get(t, API.galleryList, { token, query: { keyword, pageSize: 50, ...query } })).body;
const found = async (keyword: string, token = v.token) => (await list(keyword, {}, token)).rows.map((r: any) => r.orderId).sort((a: number, b: number) => a - b);
const ids = (...names: string[]) => names.map((n) => o[n]!).sort((a, b) => a - b);
const dense = Array.from({ length: 6 }, (_, i) => `dense${i}`);

describe('gallery keywords', () => {
  it('finds one and two Chinese characters of the customer name, only in the vendor’s orders', async () => {
    expect(await found('王')).toEqual(ids('wang'));
    expect(await found('建')).toEqual(ids('wang', 'li'));
    expect(await found('建华')).toEqual(ids('wang'));
    expect(await found('华建')).toEqual([]);
    expect(await found('王建华', other.token)).toEqual([o.theirs]);
  });

  it('finds names in any case and phones, but not the product model', async () => {
    expect(await found('zhang wei')).toEqual(ids('latin'));
    expect(await found('WEI')).toEqual(ids('latin'));
    expect(await found('1370000000')).toEqual(ids('wang', 'li', 'latin', 'pct'));
    expect(await found('kfr')).toEqual([]);
  });

  it('takes % and _ as themselves', async () => {
    expect(await found('%')).toEqual(ids('pct'));
    expect(await found('_')).toEqual(ids('pct'));
    expect(await found('%_六')).toEqual(ids('pct'));
    expect(await found('赵_')).toEqual([]);
    expect(await found('%', other.token)).toEqual([]);
  });

  it('counts up to the bound, answers more as the bound with totalBounded, and still pages past it', async () => {
    const all = await list('孙七');
    expect(all).toMatchObject({ code: 200, total: 5, totalBounded: true });
    expect(all.rows).toHaveLength(6);
    const paged = [];
    for (let pageNum = 1; pageNum <= 3; pageNum++) {
      const b = await list('孙', { pageSize: 2, pageNum });
      expect(b).toMatchObject({ total: 5, totalBounded: true });
      paged.push(...b.rows.map((r: any) => r.orderId));
    }
    expect(paged.sort((a, b) => a - b)).toEqual(ids(...dense));
    const few = await list('建');
    expect(few.total).toBe(2);
    expect(few).not.toHaveProperty('totalBounded');
    const none = await list('');
    expect(none.total, JSON.stringify(none).slice(0, 300)).toBe(10);
  });

  it('finds exactly what a scan of name and phone with (i)like finds', async () => {
    const pg = t.config.isPostgres;
    const op = sql.raw(pg ? 'ilike' : 'like');
    for (const [vendorId, token] of [[v.vendorId, v.token], [other.vendorId, other.token]] as const) {
      for (const kw of ['王', '建华', 'zhang', 'Wei', '%', '_', '137', '0001', '七']) {
        const p = likePattern(kw);
        const scan = await sql<{ id: number }>`select id from orders where vendor_id = ${vendorId} and (real_name ${op} ${p} escape '\\' or phone ${op} ${p} escape '\\') order by id`.execute(t.db);
        expect(await found(kw, token), `${vendorId} ${kw}`).toEqual(scan.rows.map((r) => Number(r.id)));
      }
    }
  });
});
