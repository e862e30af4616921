import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
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

  it('holds one row per order that contains each of its searched fields', async () => {
    const orders = await t.db.selectFrom('orders').select(['id', 'order_no', 'phone', 'real_name', 'remarks']).execute();
    const bodies = new Map((await t.db.selectFrom('order_search').select(['order_id', 'body']).execute()).map((r) => [r.order_id, r.body]));
    expect(bodies.size).toBe(orders.length);
    const lines = await t.db.selectFrom('order_products').select(['order_id', 'model_name', 'category_name']).execute();
    for (const o of orders) for (const text of [o.order_no, o.phone, o.real_name, o.remarks]) expect(bodies.get(o.id)).toContain(text);
    for (const l of lines) for (const text of [l.model_name, l.category_name]) expect(bodies.get(l.order_id)).toContain(text);
  });
});
