import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { GRAMS_ORDER_ID, keywordMatch } from '../../db/search-grams';
import { addOrder, createProduct, REGION } from './orders.fixtures';

// A keyword searches order_search (decision 102), kept by triggers: it must always find what the
// order and its lines say now, and nothing they no longer say.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let other: Awaited<ReturnType<typeof createVendor>>;
let ids: number[];
beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  other = await createVendor(t);
  const a = await createProduct(t, v.vendorId, v.userId, { model: 'Search-A1' });
  const b = await createProduct(t, v.vendorId, v.userId, { model: 'Search-B2' });
  ids = [await addOrder(t, v.token, [a], { realName: '钱多多', phone: '13700001111' }), await addOrder(t, v.token, [a, b], { remarks: '带梯子 100%上门' })];
  const c = await createProduct(t, other.vendorId, other.userId, { model: 'Search-A1' });
  await addOrder(t, other.token, [c], { realName: '钱多多' });
});
afterAll(async () => t.close());

const found = async (keyWords: string, token = v.token) => (await get(t, API.orderList, { token, query: { keyWords } })).body.rows.map((r: any) => r.id).sort();

describe('order keyword search', () => {
  it('finds order number, phone, name, remarks, model and category, case-insensitively, in the vendor’s orders only', async () => {
    const no = (await get(t, API.order(ids[0]!), { token: v.token })).body.data.orderNo;
    expect(await found(no)).toEqual([ids[0]]);
    expect(await found('0000111')).toEqual([ids[0]]);
    expect(await found('钱多')).toEqual([ids[0]]);
    expect(await found('梯子')).toEqual([ids[1]]);
    expect(await found('search-a1')).toEqual([...ids].sort());
    expect(await found('Search-B2')).toEqual([ids[1]]);
    // % and _ are the keyword's own characters, not wildcards
    expect(await found('100%上门')).toEqual([ids[1]]);
    expect(await found('1%门')).toEqual([]);
    expect(await found('Search_A1')).toEqual([]);
  });

  it('follows a change of the customer and of the lines', async () => {
    expect((await post(t, API.orderCustomerModify, { orderId: ids[0], realName: '孙有钱', phone: '13700002222', ...REGION, detailAddress: '七莘路1号' }, { token: v.token })).body.code).toBe(200);
    expect(await found('钱多多')).toEqual([]);
    expect(await found('孙有钱')).toEqual([ids[0]]);
    expect(await found('13700002222')).toEqual([ids[0]]);
    await t.db.updateTable('order_products').set({ model_name: 'Renamed-9' }).where('order_id', '=', ids[1]!).where('model_name', '=', 'Search-B2').execute();
    expect(await found('Search-B2')).toEqual([]);
    expect(await found('Renamed-9')).toEqual([ids[1]]);
    await t.db.deleteFrom('order_products').where('order_id', '=', ids[1]!).where('model_name', '=', 'Renamed-9').execute();
    expect(await found('Renamed-9')).toEqual([]);
  });

  it('finds a single character wherever it stands, and characters beyond the basic plane', async () => {
    const p = await createProduct(t, v.vendorId, v.userId, { model: 'Tool-Z9' });
    const id = await addOrder(t, v.token, [p], { remarks: '带🔧工具' });
    expect(await found('🔧')).toEqual([id]);
    expect(await found('🔧工具')).toEqual([id]);
    expect(await found('z')).toEqual([id]);
    expect(await found('钱')).toEqual([ids[0]]);
    // The text's first and last characters (order number, last line's category) are found alone too.
    const body = (await t.db.selectFrom('order_search').select('body').where('order_id', '=', id).executeTakeFirstOrThrow()).body;
    const chars = Array.from(body);
    expect(await found(chars[0]!)).toContain(id);
    expect(await found(chars.at(-1)!)).toContain(id);
    expect(await found('🔧', other.token)).toEqual([]);
  });

  it('holds one row per order that contains each of its searched fields', async () => {
    const orders = await t.db.selectFrom('orders').select(['id', 'order_no', 'phone', 'real_name', 'remarks']).execute();
    const bodies = new Map((await t.db.selectFrom('order_search').select(['order_id', 'body']).execute()).map((r) => [r.order_id, r.body]));
    expect(bodies.size).toBe(orders.length);
    const lines = await t.db.selectFrom('order_products').select(['order_id', 'model_name', 'category_name']).execute();
    for (const o of orders) for (const text of [o.order_no, o.phone, o.real_name, o.remarks]) expect(bodies.get(o.id)).toContain(text);
    for (const l of lines) for (const text of [l.model_name, l.category_name]) expect(bodies.get(l.order_id)).toContain(text);
    if (!t.config.DATABASE_URL.startsWith('postgres')) {
      // SQLite's bigram index (decision 103) finds each order by its number, under that order's id.
      const vendorOf = new Map((await t.db.selectFrom('orders').select(['id', 'vendor_id']).execute()).map((o) => [o.id, o.vendor_id]));
      for (const o of orders) {
        const hit = await sql<{ id: number }>`select ${sql.raw(GRAMS_ORDER_ID)} as id from order_grams where order_grams match ${keywordMatch(vendorOf.get(o.id)!, o.order_no)}`.execute(t.db);
        expect(hit.rows.map((r) => r.id)).toEqual([o.id]);
      }
    }
  });
});

// A keyword with many and with few matches, alone or with filters and scope: each page is what the
// unfiltered list shows, narrowed to the matches.
describe('keyword with many and with few matches', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof createVendor>>;
  let sub: Awaited<ReturnType<typeof createSubAccount>>;
  const dense: number[] = [];
  const rare: number[] = [];
  const mineOfSub: number[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    w = await createVendor(t);
    const d = await createProduct(t, w.vendorId, w.userId, { model: 'Dense_1' });
    const r = await createProduct(t, w.vendorId, w.userId, { model: 'Rare-DenseX1' });
    sub = await createSubAccount(t, w.vendorId, [[11, 0], [12, 1]]);
    for (let i = 0; i < 7; i++) dense.push(await addOrder(t, w.token, [d]));
    for (let i = 0; i < 2; i++) rare.push(await addOrder(t, w.token, [r]));
    for (let i = 0; i < 3; i++) mineOfSub.push(await addOrder(t, sub.token, [d]));
    dense.push(...mineOfSub);
    expect((await post(t, API.orderCancel, { ids: [dense[0]], closeRemark: '不要了' }, { token: w.token })).body.code).toBe(200);
  });
  afterAll(async () => t.close());
  const ids = (b: any) => b.rows.map((row: any) => row.id);
  const listed = async (token: string, query: Record<string, string | number> = {}) => (await get(t, API.orderList, { token, query: { pageSize: 200, ...query } })).body;
  const paged = async (token: string, query: Record<string, string | number>, pageSize: number, total: number) => {
    const out = [];
    for (let pageNum = 1; (pageNum - 1) * pageSize < total; pageNum++) {
      const b = await listed(token, { ...query, pageSize, pageNum });
      expect(b.total).toBe(total);
      out.push(...ids(b));
    }
    return out;
  };

  it('pages the matches when nothing else narrows them', async () => {
    // _ is taken literally: DenseX1 is not a match for dense_1.
    const order = ids(await listed(w.token));
    expect(await paged(w.token, { keyWords: 'dense_1' }, 4, 10)).toEqual(order.filter((id: number) => dense.includes(id)));
    expect(await listed(w.token, { keyWords: 'dense_1', pageSize: 4, pageNum: 4 })).toMatchObject({ total: 10, rows: [] });
    expect(await listed(w.token, { keyWords: 'Rare' })).toMatchObject({ total: 2 });
    expect(ids(await listed(w.token, { keyWords: 'Rare' }))).toEqual(order.filter((id: number) => rare.includes(id)));
    expect(await listed(w.token, { keyWords: 'Nowhere-3' })).toMatchObject({ total: 0, rows: [] });
  });

  it('keeps the matches newest first when an order’s creation time changes', async () => {
    const rareList = async () => ids(await listed(w.token, { keyWords: 'rare' }));
    const [newer, older] = await rareList();
    expect([newer, older].sort()).toEqual([...rare].sort());
    const time = async (id: number) => (await t.db.selectFrom('orders').select('created_at').where('id', '=', id).executeTakeFirstOrThrow()).created_at;
    const [newerTime, olderTime] = [await time(newer), await time(older)];
    await t.db.updateTable('orders').set({ created_at: '2026-02-01T00:00:00.000Z' }).where('id', '=', newer).execute();
    expect(await rareList()).toEqual([older, newer]);
    // An order made in the same second as another comes after it when its id is smaller, as in the list.
    await t.db.updateTable('orders').set({ created_at: '2026-02-01T00:00:00.000Z' }).where('id', '=', older).execute();
    expect(await rareList()).toEqual([Math.max(newer, older), Math.min(newer, older)]);
    await t.db.updateTable('orders').set({ created_at: newerTime }).where('id', '=', newer).execute();
    await t.db.updateTable('orders').set({ created_at: olderTime }).where('id', '=', older).execute();
    expect(await rareList()).toEqual([newer, older]);
  });

  it('narrows the matches by status and by the sub-account’s own orders', async () => {
    const order = ids(await listed(w.token));
    const open = order.filter((id: number) => dense.includes(id) && id !== dense[0]);
    expect(await paged(w.token, { keyWords: 'Dense_1', status: 100 }, 4, 9)).toEqual(open);
    expect(ids(await listed(w.token, { keyWords: 'Dense_1', status: 100 }))).toEqual(open);
    const cancelled = (await get(t, API.order(dense[0]!), { token: w.token })).body.data.status;
    expect(ids(await listed(w.token, { keyWords: 'Dense_1', status: cancelled }))).toEqual([dense[0]]);
    const own = await listed(sub.token, { keyWords: 'Dense_1' });
    expect(own.total).toBe(3);
    expect([...ids(own)].sort()).toEqual([...mineOfSub].sort());
    expect(await listed(sub.token, { keyWords: 'Rare' })).toMatchObject({ total: 0, rows: [] });
  });
});
