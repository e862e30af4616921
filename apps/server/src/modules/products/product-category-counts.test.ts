import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { nowIso } from '../../lib/time';

// A category filter's total comes from product_category_counts (decision 204), kept by row triggers on
// products whoever writes: exact past the list's count bound, per level, review status and data scope,
// and right after products are added in parallel, moved, reviewed, deleted or written in plain SQL.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let sub: Awaited<ReturnType<typeof createSubAccount>>;

// 空调 / 挂机 / 1.5P and 1P, and 热水器 (2) / 电热水器 (201) / 即热式, in the seeded tree.
const AC = 1;
const AC_WALL = 101;
const AC_15P = 10102;
const AC_1P = 10101;
const HEATER_INSTANT = 20102;

beforeAll(async () => {
  t = await startTestApp({ ORDER_TOTAL_BOUND: '5' });
  v = await createVendor(t);
  sub = await createSubAccount(t, v.vendorId, [[13, 1], 131]);
});
afterAll(async () => t.close());

const list = async (query: Record<string, number>, token = v.token) => {
  const r = (await get(t, API.productList, { token, query: { pageSize: 2, ...query } })).body;
  expect(r.code).toBe(200);
  return { total: r.total as number, bounded: Boolean(r.totalBounded) };
};

/** The category filters' totals as the rows themselves give them. */
async function counted(where: { level: 1 | 2 | 3; id: number; check?: number; owner?: number }) {
  const column = ({ 1: 'category_id_one', 2: 'category_id_two', 3: 'category_id' } as const)[where.level];
  let q = t.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('vendor_id', '=', v.vendorId).where('deleted_at', 'is', null).where(column, '=', where.id);
  if (where.check !== undefined) q = q.where('check_status', '=', where.check);
  if (where.owner !== undefined) q = q.where('created_by', '=', where.owner);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

const add = (token: string, categoryId: number, i: number) => post(t, API.productAdd, { categoryId, modelName: `CAT-${categoryId}-${i}`, installation: 100 }, { token });

describe('category totals', () => {
  it('are exact past the count bound, with products added in parallel by two users', async () => {
    const made = await Promise.all([
      ...Array.from({ length: 9 }, (_, i) => add(v.token, AC_15P, i)),
      ...Array.from({ length: 4 }, (_, i) => add(sub.token, AC_1P, i)),
      ...Array.from({ length: 3 }, (_, i) => add(v.token, HEATER_INSTANT, i)),
    ]);
    expect(made.every((r) => r.body.code === 200)).toBe(true);
    expect(await list({ categoryId: AC_15P })).toEqual({ total: 9, bounded: false });
    expect(await list({ categoryId2: AC_WALL })).toEqual({ total: 13, bounded: false });
    expect(await list({ categoryId1: AC })).toEqual({ total: 13, bounded: false });
    expect(await list({ categoryId: HEATER_INSTANT })).toEqual({ total: 3, bounded: false });
    // Only the sub-account's own under data scope "own".
    expect(await list({ categoryId2: AC_WALL }, sub.token)).toEqual({ total: 4, bounded: false });
    // A page past the end has no row to carry the total: it is read on its own.
    expect(await list({ categoryId1: AC, pageNum: 50 })).toEqual({ total: 13, bounded: false });
  });

  it('follow a review, a move to another category, a deletion and plain SQL', async () => {
    const ids = (await t.db.selectFrom('products').select('id').where('vendor_id', '=', v.vendorId).where('category_id', '=', AC_15P).orderBy('id').execute()).map((r) => r.id);
    // Reviewed: two passed, one rejected.
    await t.db.updateTable('products').set({ check_status: 1 }).where('id', 'in', ids.slice(0, 2)).execute();
    await t.db.updateTable('products').set({ check_status: 2 }).where('id', '=', ids[2]!).execute();
    expect(await list({ categoryId: AC_15P, isCheck: 1 })).toEqual({ total: 2, bounded: false });
    expect(await list({ categoryId2: AC_WALL, isCheck: 0 })).toEqual({ total: await counted({ level: 2, id: AC_WALL, check: 0 }), bounded: false });
    // Moved to the heater's deepest category (the catalogue import and data fixes do; the vendor's edit does not).
    await t.db.updateTable('products').set({ category_id: HEATER_INSTANT, category_id_two: 201, category_id_one: 2 }).where('id', '=', ids[3]!).execute();
    expect(await list({ categoryId: AC_15P })).toEqual({ total: 8, bounded: false });
    expect(await list({ categoryId: HEATER_INSTANT })).toEqual({ total: 4, bounded: false });
    // Deleted through the API, then a soft delete, a hard delete and an insert in plain SQL.
    expect((await post(t, API.productDelete(ids[4]!), {}, { token: v.token })).body.code).toBe(200);
    await sql`update products set deleted_at = ${nowIso()} where id = ${ids[5]!}`.execute(t.db);
    await sql`delete from products where id = ${ids[6]!}`.execute(t.db);
    await sql`insert into products (vendor_id, created_by, category_id, category_id_one, category_id_two, category_name, category_name_one, category_name_two, model_name, check_status, created_at)
      values (${v.vendorId}, ${v.userId}, ${AC_15P}, ${AC}, ${AC_WALL}, '1.5P', '空调', '挂机', 'CAT-sql', 1, ${nowIso()})`.execute(t.db);
    for (const [level, id] of [[3, AC_15P], [2, AC_WALL], [1, AC], [3, HEATER_INSTANT]] as const) {
      const query: Record<string, number> = { [{ 1: 'categoryId1', 2: 'categoryId2', 3: 'categoryId' }[level]]: id };
      expect(await list(query)).toEqual({ total: await counted({ level, id }), bounded: false });
      expect(await list({ ...query, isCheck: 1 })).toEqual({ total: await counted({ level, id, check: 1 }), bounded: false });
    }
    expect(await counted({ level: 3, id: AC_15P })).toBe(6);
  });

  it('leave a list with two category filters, a keyword or a price range to the bounded count', async () => {
    expect(await list({ categoryId1: AC, categoryId2: AC_WALL })).toEqual({ total: 5, bounded: true });
    expect(await list({ categoryId1: AC, minPrice: 1 })).toEqual({ total: 5, bounded: true });
  });
});
