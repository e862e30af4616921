import { afterAll, beforeAll, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { nowIso } from '../../lib/time';
import { createSubAccount, createVendor, get, startTestApp, type TestApp } from '../../../test/helper';
import { addOrder, createProduct } from './orders.fixtures';

// Review products.md finding 1 (decision 280): the order form offers the vendor's passed products to
// whoever may create orders (app:order:add). 产品管理's key and its data scope "本人" govern managing the
// catalogue, not ordering from it: a sub-account without 产品管理 could order nothing, one with scope
// 本人 only what it had created, though the create step accepts any passed product of the vendor.

const ADD = 11; // 一键下单 (app:order:add)
const PRODUCTS = 13; // 产品管理 (app:product:list), data scope 0 all / 1 本人

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let other: Awaited<ReturnType<typeof createVendor>>;
let passed: number[];
let reviewing: number;
let rejected: number;
let deleted: number;
let ownPassed: number;
let othersProduct: number;

beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  other = await createVendor(t);
  passed = [await createProduct(t, v.vendorId, v.userId, { model: 'FORM-A' }), await createProduct(t, v.vendorId, v.userId, { model: 'FORM-B 挂机' })];
  reviewing = await createProduct(t, v.vendorId, v.userId, { model: 'FORM-REVIEWING', check: 0 });
  rejected = await createProduct(t, v.vendorId, v.userId, { model: 'FORM-REJECTED', check: 2 });
  deleted = await createProduct(t, v.vendorId, v.userId, { model: 'FORM-DELETED' });
  await t.db.updateTable('products').set({ deleted_at: nowIso() }).where('id', '=', deleted).execute();
  othersProduct = await createProduct(t, other.vendorId, other.userId, { model: 'OTHER-VENDOR' });
}, 60_000);
afterAll(async () => t?.close());

const formProducts = async (token: string, query?: Record<string, string | number>) => {
  const r = await get(t, API.orderFormProducts, { token, query });
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
  return (r.body.data as Array<{ id: number; modelName: string; checkStatus: number }>).map((p) => p.id).sort((a, b) => a - b);
};
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

it('offers a sub-account with 一键下单 and no 产品管理 the vendor’s passed products, and it can order one', async () => {
  const sub = await createSubAccount(t, v.vendorId, [ADD]);
  expect((await get(t, API.productList, { token: sub.token })).body).toMatchObject({ code: 403, msg: MSG.forbidden });
  const ids = await formProducts(sub.token);
  expect(ids).toEqual(sorted(passed));
  for (const hidden of [reviewing, rejected, deleted, othersProduct]) expect(ids).not.toContain(hidden);
  const orderId = await addOrder(t, sub.token, [passed[1]!]);
  expect(orderId).toBeGreaterThan(0);
});

it('offers a sub-account whose 产品管理 scope is 本人 every passed product, while its 产品管理 list stays its own', async () => {
  const sub = await createSubAccount(t, v.vendorId, [ADD, [PRODUCTS, 1]]);
  ownPassed = await createProduct(t, v.vendorId, sub.userId, { model: 'FORM-OWN' });
  const managed = (await get(t, API.productList, { token: sub.token, query: { isCheck: 1, pageNum: 1, pageSize: 9999 } })).body;
  expect(managed).toMatchObject({ code: 200, total: 1 });
  expect(managed.rows.map((r: { id: number }) => r.id)).toEqual([ownPassed]);
  expect(await formProducts(sub.token)).toEqual(sorted([...passed, ownPassed]));
  await addOrder(t, sub.token, [passed[0]!]);
});

it('never offers another vendor’s products, and answers the main account the same list', async () => {
  expect(await formProducts(other.token)).toEqual([othersProduct]);
  const mine = await formProducts(v.token);
  expect(mine).not.toContain(othersProduct);
  expect(mine).toEqual(sorted([...passed, ownPassed]));
});

it('narrows by a keyword in the model or category names, and caps the answer', async () => {
  expect(await formProducts(v.token, { keywords: 'form-b' })).toEqual([passed[1]]);
  expect(await formProducts(v.token, { keywords: 'OTHER-VENDOR' })).toEqual([]);
  expect(await formProducts(v.token, { keywords: 'FORM-REVIEWING' })).toEqual([]);
  expect((await formProducts(v.token, { keywords: '挂机' })).length).toBe(3); // the fixture's category_name_two
  expect((await formProducts(v.token, { keywords: '100%_' }))).toEqual([]);
  expect((await formProducts(v.token, { pageSize: 1 })).length).toBe(1);
});

it('refuses a sub-account without 一键下单, even with 产品管理', async () => {
  const sub = await createSubAccount(t, v.vendorId, [[PRODUCTS, 0]]);
  expect((await get(t, API.orderFormProducts, { token: sub.token })).body).toMatchObject({ code: 403, msg: MSG.forbidden });
});
