import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createVendor, get, startTestApp, type TestApp } from '../../../test/helper';
import { nowIso } from '../../lib/time';

// A sparse price range's page is sorted in product_prices, which carries each product's created_at
// (decision 205): the same products, in the list's order (newest first, ties by id), as a filter of the
// whole list; a product counted once however many of its prices are in the range; a created_at changed
// or a product deleted in plain SQL followed. Both engines.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
type Seeded = { id: number; created_at: string; prices: number[] };
let seeded: Seeded[] = [];

beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  const base = Date.parse('2026-10-01T00:00:00.000Z');
  const rows = Array.from({ length: 60 }, (_, i) => ({
    vendor_id: v.vendorId, created_by: v.userId, category_id: 10102, category_id_one: 1, category_id_two: 101,
    category_name: '1.5P', category_name_one: '空调', category_name_two: '挂机', model_name: `PRICE-${i}`, check_status: 1,
    // Every third product has 123 yuan twice (installation and repair), every fifth once; the rest none.
    installation_fen: i % 3 === 0 ? 12300 : 9900,
    repair_fen: i % 3 === 0 ? 12300 : i % 5 === 0 ? 12300 : 15000,
    overhaul_fen: i % 7 === 0 ? 12400 : null,
    created_at: new Date(base + Math.floor(i / 4) * 60_000).toISOString(), // four share each time
  }));
  seeded = (await t.db.insertInto('products').values(rows as any).returning(['id', 'created_at', 'installation_fen', 'repair_fen', 'overhaul_fen']).execute())
    .map((r) => ({ id: r.id, created_at: r.created_at, prices: [r.installation_fen, r.repair_fen, r.overhaul_fen].filter((p): p is number => p !== null) }));
});
afterAll(async () => t.close());

const newestFirst = (a: Seeded, b: Seeded) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1);
const within = (min: number, max: number) => seeded.filter((s) => s.prices.some((p) => p >= min && p <= max)).sort(newestFirst).map((s) => s.id);

async function pages(minPrice: number, maxPrice: number, pageSize: number) {
  const ids: number[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const r = (await get(t, API.productList, { token: v.token, query: { minPrice, maxPrice, pageNum, pageSize } })).body;
    expect(r.code).toBe(200);
    ids.push(...r.rows.map((x: { id: number }) => x.id));
    if (r.rows.length < pageSize) return { ids, total: r.total as number };
  }
}

describe('a sparse price range, page by page', () => {
  it('gives the list’s order, each product once', async () => {
    const want = within(12300, 12300);
    expect(want.length).toBe(28);
    expect(await pages(123, 123, 5)).toEqual({ ids: want, total: want.length });
    expect(await pages(123, 124, 7)).toEqual({ ids: within(12300, 12400), total: within(12300, 12400).length });
  });

  it('follows a created_at changed and a product deleted in plain SQL', async () => {
    const [first, , third] = within(12300, 12300);
    await sql`update products set created_at = ${'2025-01-01T00:00:00.000Z'} where id = ${first!}`.execute(t.db);
    seeded.find((s) => s.id === first)!.created_at = '2025-01-01T00:00:00.000Z';
    await sql`update products set deleted_at = ${nowIso()} where id = ${third!}`.execute(t.db);
    seeded = seeded.filter((s) => s.id !== third);
    const want = within(12300, 12300);
    expect(want.at(-1)).toBe(first);
    expect(await pages(123, 123, 5)).toEqual({ ids: want, total: want.length });
  });
});

describe('a price range read again (decision 215)', () => {
  const list = async (pageNum: number, minPrice = 123, maxPrice = 123) =>
    (await get(t, API.productList, { token: v.token, query: { minPrice, maxPrice, pageNum, pageSize: 5 } })).body;

  it('counts in its page’s statement: a product priced into the range in between, and a page past the last', async () => {
    const before = await list(1);
    expect(before.total).toBe(within(12300, 12300).length);
    const [added] = await t.db.insertInto('products').values({
      vendor_id: v.vendorId, created_by: v.userId, category_id: 10102, category_id_one: 1, category_id_two: 101,
      category_name: '1.5P', category_name_one: '空调', category_name_two: '挂机', model_name: 'PRICE-NEW', check_status: 1,
      repair_fen: 12300, created_at: '2026-11-01T00:00:00.000Z',
    } as any).returning(['id', 'created_at']).execute();
    seeded.push({ id: added!.id, created_at: added!.created_at, prices: [12300] });
    const after = await list(1);
    expect(after.total).toBe(before.total + 1);
    expect(after.rows[0].id).toBe(added!.id);
    const past = await list(100);
    expect(past.code).toBe(200);
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(before.total + 1);
  });

  it('reads a wide range as densely as a sparse one, whichever way it was read before', async () => {
    // Every product has a price from 99 to 150 yuan: the page walks the list; then the sparse range again.
    const all = within(9900, 15000);
    for (let i = 0; i < 2; i++) {
      const wide = await list(1, 99, 150);
      expect(wide.rows.map((r: { id: number }) => r.id)).toEqual(all.slice(0, 5));
      expect(wide.total).toBe(all.length);
      const sparse = await list(2);
      expect(sparse.rows.map((r: { id: number }) => r.id)).toEqual(within(12300, 12300).slice(5, 10));
    }
  });
});
