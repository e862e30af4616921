import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRA_FEE_API, EXTRA_FEE_MSG, PLATFORM_EXTRA_FEE_API } from '@portal/domain/extra-fees';
import { get, post, startTestApp, type TestApp } from '../../../test/helper';
import { extraFeeSetting, orderInService } from './extra-fees.fixtures';

// Review fees-and-time #4 (decision 288): a product has one cap per service type, whatever level of its
// category path it was saved under; saving it under another level replaces it.

let t: TestApp;
let s: Awaited<ReturnType<typeof extraFeeSetting>>;
let path: { top: number; second: number; deepest: number };
beforeAll(async () => {
  t = await startTestApp();
  s = await extraFeeSetting(t);
  // the fixture's product under a real three-level path (top → second → deepest)
  const deepest = await t.db.selectFrom('categories').select(['id', 'parent_id']).where('id', '=', s.category).executeTakeFirstOrThrow();
  const second = await t.db.selectFrom('categories').select(['id', 'parent_id']).where('id', '=', deepest.parent_id!).executeTakeFirstOrThrow();
  path = { top: second.parent_id!, second: second.id, deepest: deepest.id };
  await t.db.updateTable('products').set({ category_id_one: path.top, category_id_two: path.second }).where('id', '=', s.prod).execute();
}, 60_000);
afterAll(async () => t?.close());

const V = () => ({ token: s.v.token });
const saveProductCap = (categoryId: number, cap: string) => post(t, EXTRA_FEE_API.caps, { categoryId, serviceType: 1, productId: s.prod, cap }, V());
const productRows = async () => ((await get(t, EXTRA_FEE_API.caps, V())).body.data as Array<{ productId: number | null; categoryId: number; cap: number }>).filter((c) => c.productId === s.prod);
const orderCap = async (id: number) => (await get(t, PLATFORM_EXTRA_FEE_API.ofOrder(id), { token: s.op.token, role: 'platform' })).body.data.cap.cap;
const clear = async () => {
  await t.db.deleteFrom('extra_fee_caps').where('vendor_id', '=', s.v.vendorId).execute();
  await t.db.deleteFrom('extra_fee_cap_logs').where('vendor_id', '=', s.v.vendorId).execute();
};

describe('a product’s cap', () => {
  it('is one row whatever level it is saved under: the last save replaces it, applies, and is logged', async () => {
    await clear();
    const id = await orderInService(t, s.v.token, s.op, [s.prod]);
    for (const [categoryId, cap] of [[path.deepest, '500'], [path.top, '10'], [path.second, '77']] as const) {
      expect((await saveProductCap(categoryId, cap)).body).toMatchObject({ code: 200, msg: EXTRA_FEE_MSG.capSaved });
    }
    expect(await productRows()).toEqual([expect.objectContaining({ categoryId: path.second, cap: 77 })]);
    expect(await orderCap(id)).toBe(77);
    await saveProductCap(path.deepest, '2000');
    expect(await productRows()).toEqual([expect.objectContaining({ categoryId: path.deepest, cap: 2000 })]);
    expect(await orderCap(id)).toBe(2000);
    // the category's own cap is another row, and the product's cap still beats it
    await post(t, EXTRA_FEE_API.caps, { categoryId: path.deepest, serviceType: 1, cap: '5' }, V());
    expect(await orderCap(id)).toBe(2000);
    const logs = (await get(t, EXTRA_FEE_API.capLogs, V())).body.rows as Array<{ before: number | null; after: number | null; productName: string }>;
    expect(logs.map((l) => [l.before, l.after, !!l.productName])).toEqual([[null, 5, false], [77, 2000, true], [10, 77, true], [500, 10, true], [null, 500, true]]);
  });

  it('parallel saves of one product under its three levels leave one row, and that row applies', async () => {
    await clear();
    const levels = [path.top, path.second, path.deepest];
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => saveProductCap(levels[i % 3]!, String(100 + i))));
    expect(answers.map((a) => a.body.msg)).toEqual(Array(12).fill(EXTRA_FEE_MSG.capSaved));
    const rows = await productRows();
    expect(rows).toHaveLength(1);
    const id = await orderInService(t, s.v.token, s.op, [s.prod]);
    expect(await orderCap(id)).toBe(rows[0]!.cap);
  });

  it('the migration keeps the most recently updated of a product’s caps, logs the others as removed, and then refuses a second', async () => {
    await clear();
    const migration = await import('../../db/migrations/2026-12-31-300-extra-fee-caps-one-per-product');
    const db = t.db as unknown as Kysely<any>;
    await migration.down(db); // the table as it was: one cap per category level
    const row = (categoryId: number, productId: number, cap: number, at: string) =>
      ({ vendor_id: s.v.vendorId, category_id: categoryId, service_type: 1, product_id: productId, cap_fen: cap, updated_by: '测试', updated_at: at });
    await t.db.insertInto('extra_fee_caps').values([
      row(path.top, s.prod, 1000, '2026-12-01T00:00:00.000Z'),
      row(path.deepest, s.prod, 50000, '2026-12-03T00:00:00.000Z'),
      row(path.second, s.prod, 7700, '2026-12-02T00:00:00.000Z'),
      { ...row(path.top, s.prod, 900, '2026-12-01T00:00:00.000Z'), service_type: 2 },
      row(path.top, 0, 300, '2026-12-04T00:00:00.000Z'),
    ]).execute();
    await migration.up(db);
    const left = await t.db.selectFrom('extra_fee_caps').select(['category_id', 'service_type', 'product_id', 'cap_fen']).where('vendor_id', '=', s.v.vendorId).orderBy('id').execute();
    expect(left.map((c) => [c.category_id, c.service_type, c.product_id, Number(c.cap_fen)])).toEqual([
      [path.deepest, 1, s.prod, 50000], [path.top, 2, s.prod, 900], [path.top, 1, 0, 300],
    ]);
    const logs = (await get(t, EXTRA_FEE_API.capLogs, V())).body.rows as Array<{ before: number | null; after: number | null; operator: string }>;
    expect(logs.map((l) => [l.before, l.after])).toEqual([[77, null], [10, null]]);
    expect(logs.every((l) => l.operator.startsWith('系统'))).toBe(true);
    await expect(t.db.insertInto('extra_fee_caps').values(row(path.second, s.prod, 1, '2026-12-05T00:00:00.000Z')).execute()).rejects.toThrow();
    const id = await orderInService(t, s.v.token, s.op, [s.prod]);
    expect(await orderCap(id)).toBe(500);
  });
});
