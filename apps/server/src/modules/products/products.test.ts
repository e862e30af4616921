import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { MSG, fileTypeMessage } from '@portal/domain/messages';
import { PICTURE_EXT, VIDEO_EXT } from '@portal/domain/files';
import { ORDER_STATUS } from '@portal/domain/enums';
import { PRODUCT_TEXT } from '@portal/domain/products';
import { FILE_NOT_OWNED } from '@portal/domain/uploads';
import { createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { signedFile } from '../../../test/signed-file';
import { nowIso } from '../../lib/time';

let t: TestApp;
let vendor: Awaited<ReturnType<typeof createVendor>>;
let other: Awaited<ReturnType<typeof createVendor>>;

beforeAll(async () => {
  t = await startTestApp();
  vendor = await createVendor(t, { company: '产品测试厂家' });
  other = await createVendor(t, { company: '别家厂家' });
});
afterAll(async () => t.close());

/** A file row as the upload module records it, owned by `vendorId`. */
async function uploaded(vendorId: number, userId: number, ext: string) {
  const path = `/product/2026/11/${randomBytes(16).toString('hex')}.${ext}`;
  await t.db.insertInto('files').values({ vendor_id: vendorId, user_id: userId, dir: 'product', path, original_name: `a.${ext}`, size: 100, created_at: nowIso() }).execute();
  return path;
}

// 空调 / 挂机 / 1.5P and 热水器 / 电热水器 / 即热式 in the seeded tree.
const AC_15P = 10102;
const HEATER_INSTANT = 20102;

const addProduct = (token: string, body: Record<string, unknown>) =>
  post(t, API.productAdd, { categoryId: AC_15P, modelName: 'KFR-35GW', installation: 120, ...body }, { token });
const list = (token: string, query: Record<string, string | number | undefined> = {}) => get(t, API.productList, { token, query });

describe('GET /api/app/category/list', () => {
  it('answers the seeded appliance tree with three levels', async () => {
    const r = await get(t, API.categoryList, { token: vendor.token, query: { type: 1 } });
    expect(r.body.code).toBe(200);
    const names = r.body.data.map((n: { name: string }) => n.name);
    expect(names).toEqual(expect.arrayContaining(['空调', '热水器', '净水器', '油烟机', '洗衣机', '智能锁', '卫浴', '灯具']));
    const ac = r.body.data.find((n: { name: string }) => n.name === '空调');
    const wall = ac.child.find((n: { name: string }) => n.name === '挂机');
    expect(wall.child.map((n: { name: string }) => n.name)).toEqual(['1P', '1.5P', '2P']);
    expect(wall.child[0].child).toEqual([]);
  });
  it('answers the subtree below parentId, and the branches leading to a name', async () => {
    const sub = await get(t, API.categoryList, { token: vendor.token, query: { parentId: 2 } });
    expect(sub.body.data.map((n: { name: string }) => n.name)).toContain('燃气热水器');
    const byName = await get(t, API.categoryList, { token: vendor.token, query: { name: '即热' } });
    expect(byName.body.data.map((n: { name: string }) => n.name).sort()).toEqual(['净水器', '热水器']);
    const heater = byName.body.data.find((n: { name: string }) => n.name === '热水器');
    expect(heater.child.map((n: { name: string }) => n.name)).toEqual(['电热水器']);
  });
  it('needs a session', async () => {
    expect((await get(t, API.categoryList)).body.code).toBe(401);
  });
});

describe('POST /api/app/products — validation, in the spec order', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['no category', { categoryId: undefined }, MSG.productRequired],
    ['a blank category', { categoryId: '' }, MSG.productRequired],
    ['a top-level category', { categoryId: 1 }, MSG.productRequired],
    ['a second-level category', { categoryId: 101 }, MSG.productRequired],
    ['an unknown category', { categoryId: 999999 }, MSG.productRequired],
    ['no model name', { modelName: undefined }, MSG.modelNameRequired],
    ['a blank model name', { modelName: '   ' }, MSG.modelNameRequired],
    ['no price at all', { installation: undefined }, MSG.priceAtLeastOne],
    ['only blank prices', { installation: '', repair: null }, MSG.priceAtLeastOne],
    ['a decimal price', { installation: 12.5 }, MSG.positiveInteger],
    ['a zero price', { repair: 0 }, MSG.positiveInteger],
    ['a negative price', { cleanse: -3 }, MSG.positiveInteger],
    ['a text price', { debug: 'abc' }, MSG.positiveInteger],
    ['a bad instructor phone', { name: '李工', phone: '12345678901' }, MSG.phoneFormat],
    ['a video without title', { productVideo: [{ fileName: '', fileUrl: '/product/2026/11/x.mp4' }] }, MSG.titleRequired],
    ['a video without file', { productVideo: [{ fileName: '安装演示', fileUrl: '' }] }, MSG.fileRequired],
    ['a video that is a picture', { productVideo: [{ fileName: '安装演示', fileUrl: '/product/2026/11/x.png' }] }, fileTypeMessage(VIDEO_EXT)],
    ['a drawing that is a video', { finishedDrawing: [{ fileName: '完工图', fileUrl: '/product/2026/11/x.mp4' }] }, fileTypeMessage(PICTURE_EXT)],
    ['a picture that is a pdf', { productPicture: '/product/2026/11/x.pdf' }, fileTypeMessage(PICTURE_EXT)],
    ['two pictures', { productPicture: '/product/2026/11/a.png,/product/2026/11/b.png' }, PRODUCT_TEXT.pictureOne],
  ];
  for (const [what, change, msg] of cases) {
    it(`refuses ${what}: ${msg}`, async () => {
      const before = await t.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const r = await addProduct(vendor.token, change);
      expect(r.body).toMatchObject({ code: 400, msg });
      const after = await t.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  }
  it('refuses a file that is not one of the vendor’s own uploads', async () => {
    const foreign = await uploaded(other.vendorId, other.userId, 'png');
    expect((await addProduct(vendor.token, { productPicture: foreign })).body).toMatchObject({ code: 400, msg: FILE_NOT_OWNED });
    const never = '/product/2026/11/0123456789abcdef0123456789abcdef.mp4';
    expect((await addProduct(vendor.token, { productVideo: [{ fileName: '演示', fileUrl: never }] })).body).toMatchObject({ code: 400, msg: FILE_NOT_OWNED });
  });
});

describe('POST /api/app/products — a valid product', () => {
  it('is stored under review with its prices, files and path, and listed in yuan', async () => {
    const picture = await uploaded(vendor.vendorId, vendor.userId, 'png');
    const video = await uploaded(vendor.vendorId, vendor.userId, 'mp4');
    const drawing = await uploaded(vendor.vendorId, vendor.userId, 'jpg');
    const r = await addProduct(vendor.token, {
      categoryId: HEATER_INSTANT,
      modelName: 'DSF-8.5',
      productPicture: picture,
      productVideo: [{ fileName: '安装演示', fileUrl: video, fileType: 99 }],
      finishedDrawing: [{ fileName: '完工样图', fileUrl: drawing }],
      installation: 150,
      repair: '80',
      overhaul: 300,
      cleanse: '',
      name: '李工',
      phone: '13700137000',
    });
    expect(r.body).toMatchObject({ code: 200, msg: MSG.submitOk });
    const id = r.body.data.id;
    const rows = (await list(vendor.token, { keywords: 'DSF-8.5' })).body.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      categoryId: HEATER_INSTANT,
      categoryIdOne: 2,
      categoryIdTwo: 201,
      categoryName: '即热式',
      categoryNameOne: '热水器',
      categoryNameTwo: '电热水器',
      categoryPath: '热水器 / 电热水器 / 即热式',
      modelName: 'DSF-8.5',
      productPicture: signedFile(picture),
      productVideo: [{ fileName: '安装演示', fileUrl: signedFile(video), fileType: 2 }],
      finishedDrawing: [{ fileName: '完工样图', fileUrl: signedFile(drawing), fileType: 1 }],
      installation: 150,
      repair: 80,
      overhaul: 300,
      medium: null,
      minor: null,
      cleanse: null,
      debug: null,
      guideInstallation: null,
      checkStatus: 0,
      rejectReason: '',
      name: '李工',
      phone: '13700137000',
    });
    expect(rows[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const stored = await t.db.selectFrom('products').select(['installation_fen', 'repair_fen', 'created_by']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ installation_fen: 15000, repair_fen: 8000, created_by: vendor.userId });
  });
  it('keeps the technical instructor only when both name and phone are given', async () => {
    const r = await addProduct(vendor.token, { modelName: 'ONLY-NAME', name: '王工' });
    expect(r.body.code).toBe(200);
    const row = (await list(vendor.token, { keywords: 'ONLY-NAME' })).body.rows[0];
    expect(row).toMatchObject({ name: '', phone: '' });
  });
});

describe('GET /api/app/products/list — filters and paging', () => {
  let token: string;
  beforeAll(async () => {
    const v = await createVendor(t, { company: '筛选厂家' });
    token = v.token;
    const specs: Array<[number, string, Record<string, number>]> = [
      [10101, 'GW-100', { installation: 100 }],
      [10102, 'GW-150', { installation: 150, repair: 60 }],
      [10201, 'LW-200', { installation: 200 }],
      [20101, 'ES-60', { installation: 80, cleanse: 50 }],
      [20201, 'JSQ-16', { repair: 90, debug: 40 }],
      [30101, 'RO-400G_1', { installation: 60 }],
    ];
    for (const [categoryId, modelName, prices] of specs) {
      const r = await post(t, API.productAdd, { categoryId, modelName, ...prices }, { token });
      expect(r.body.code).toBe(200);
    }
    // One passed and one rejected (as the platform review leaves them).
    await t.db.updateTable('products').set({ check_status: 1 }).where('vendor_id', '=', v.vendorId).where('model_name', '=', 'GW-100').execute();
    await t.db.updateTable('products').set({ check_status: 2, reject_reason: '图片不清晰' }).where('vendor_id', '=', v.vendorId).where('model_name', '=', 'ES-60').execute();
  });
  it('lists newest first with the total', async () => {
    const r = await list(token);
    expect(r.body.total).toBe(6);
    expect(r.body.rows.map((x: { modelName: string }) => x.modelName)).toEqual(['RO-400G_1', 'JSQ-16', 'ES-60', 'LW-200', 'GW-150', 'GW-100']);
  });
  it('pages with pageSize and pageNum, up to 9999 rows', async () => {
    const p2 = await list(token, { pageSize: 4, pageNum: 2 });
    expect(p2.body.total).toBe(6);
    expect(models(p2)).toEqual(['GW-100', 'GW-150']);
    expect((await list(token, { pageSize: 9999 })).body.rows).toHaveLength(6);
    // Past the last page: no rows, the total all the same; a full page of a review status counts it.
    const past = await list(token, { pageSize: 4, pageNum: 3 });
    expect([past.body.rows, past.body.total]).toEqual([[], 6]);
    expect((await list(token, { isCheck: 0, pageSize: 2 })).body).toMatchObject({ total: 4, rows: [{}, {}] });
  });
  it('filters by the deepest, second and top category', async () => {
    expect(models(await list(token, { categoryId: 10102 }))).toEqual(['GW-150']);
    expect(models(await list(token, { categoryId2: 101 }))).toEqual(['GW-100', 'GW-150']);
    expect(models(await list(token, { categoryId1: 1 }))).toEqual(['GW-100', 'GW-150', 'LW-200']);
    expect(models(await list(token, { categoryId1: 2, categoryId2: 202 }))).toEqual(['JSQ-16']);
    // A full page carries the category's total, a page past the end counts it, an empty category has none.
    expect((await list(token, { categoryId1: 1, pageSize: 2 })).body).toMatchObject({ total: 3, rows: [{ modelName: 'LW-200' }, { modelName: 'GW-150' }] });
    expect((await list(token, { categoryId1: 1, pageSize: 2, pageNum: 3 })).body).toMatchObject({ total: 3, rows: [] });
    expect((await list(token, { categoryId: 10999 })).body).toMatchObject({ total: 0, rows: [] });
  });
  it('matches keywords in the model name and category names, with LIKE wildcards taken literally', async () => {
    expect(models(await list(token, { keywords: 'gw' }))).toEqual(['GW-100', 'GW-150']);
    expect(models(await list(token, { keywords: '燃气' }))).toEqual(['JSQ-16']);
    expect(models(await list(token, { keywords: '空调' }))).toEqual(['GW-100', 'GW-150', 'LW-200']);
    expect(models(await list(token, { keywords: 'G_1' }))).toEqual(['RO-400G_1']);
    expect(models(await list(token, { keywords: '%' }))).toEqual([]);
  });
  it('filters by price range over any offered price', async () => {
    expect(models(await list(token, { minPrice: 140, maxPrice: 200 }))).toEqual(['GW-150', 'LW-200']);
    expect(models(await list(token, { maxPrice: 50 }))).toEqual(['ES-60', 'JSQ-16']);
    expect(models(await list(token, { minPrice: 190 }))).toEqual(['LW-200']);
  });
  it('filters by review status (order creation asks isCheck=1) and shows the reject reason', async () => {
    expect(models(await list(token, { isCheck: 1 }))).toEqual(['GW-100']);
    const rejected = await list(token, { isCheck: 2 });
    expect(rejected.body.rows[0]).toMatchObject({ modelName: 'ES-60', checkStatus: 2, rejectReason: '图片不清晰' });
    expect((await list(token, { isCheck: 0 })).body.total).toBe(4);
  });
  it('combines filters, and ignores malformed filter values', async () => {
    expect(models(await list(token, { categoryId1: 1, keywords: '150', minPrice: 100 }))).toEqual(['GW-150']);
    expect((await list(token, { minPrice: 'abc', categoryId: 'x', pageNum: 'y' })).body.total).toBe(6);
  });
});

describe('GET /api/app/products/list — deep pages', () => {
  // PostgreSQL reads a deep unfiltered page's ids before its rows (decision 203): the same rows, in the
  // same order, as the first pages' direct read, on both engines; ties of created_at by id, newest first.
  let deep: Awaited<ReturnType<typeof createVendor>>;
  let expected: number[];
  beforeAll(async () => {
    deep = await createVendor(t, { company: '深页厂家' });
    const base = Date.parse('2026-11-01T00:00:00.000Z');
    const rows = Array.from({ length: 330 }, (_, i) => ({
      vendor_id: deep.vendorId, created_by: deep.userId, category_id: AC_15P, category_id_one: 1, category_id_two: 101,
      category_name: '1.5P', category_name_one: '空调', category_name_two: '挂机', model_name: `DEEP-${i}`,
      installation_fen: 10000, check_status: 1, created_at: new Date(base + Math.floor(i / 3) * 1000).toISOString(), // three share each time
      deleted_at: i % 41 === 7 ? nowIso() : null,
    }));
    const inserted = await t.db.insertInto('products').values(rows as any).returning(['id', 'created_at', 'deleted_at']).execute();
    expected = inserted
      .filter((r) => r.deleted_at === null)
      .sort((a, b) => (a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1))
      .map((r) => r.id);
  });
  it('answers every page past the first 300 products as the whole list gives it', async () => {
    expect(expected.length).toBeGreaterThan(310);
    const page = async (pageNum: number, pageSize: number) => {
      const r = await list(deep.token, { pageNum, pageSize });
      expect(r.body.total).toBe(expected.length);
      return r.body.rows.map((x: { id: number }) => x.id);
    };
    expect(await page(1, 9999)).toEqual(expected);
    for (const pageNum of [29, 30, 31, 32, 33]) expect(await page(pageNum, 10)).toEqual(expected.slice((pageNum - 1) * 10, pageNum * 10));
    expect(await page(4, 100)).toEqual(expected.slice(300, 400));
    expect(await page(2, 299)).toEqual(expected.slice(299, 598));
    expect(await page(2, 300)).toEqual(expected.slice(300, 600));
    expect(await page(40, 10)).toEqual([]);
  });
});

describe('POST /api/app/products/update — the technical instructor only', () => {
  it('changes name and phone and nothing else', async () => {
    const id = (await addProduct(vendor.token, { modelName: 'EDIT-1' })).body.data.id;
    const r = await post(t, API.productUpdate, { id, name: '赵工', phone: '13912345678', modelName: 'HACKED', installation: 1 }, { token: vendor.token });
    expect(r.body).toMatchObject({ code: 200, msg: MSG.modifyOk });
    const row = (await list(vendor.token, { keywords: 'EDIT-1' })).body.rows[0];
    expect(row).toMatchObject({ modelName: 'EDIT-1', installation: 120, name: '赵工', phone: '13912345678' });
  });
  it('checks the phone when one is given, and allows clearing', async () => {
    const id = (await addProduct(vendor.token, { modelName: 'EDIT-2', name: '钱工', phone: '13812345678' })).body.data.id;
    expect((await post(t, API.productUpdate, { id, name: '钱工', phone: '1381234' }, { token: vendor.token })).body).toMatchObject({ code: 400, msg: MSG.phoneFormat });
    expect((await post(t, API.productUpdate, { id, name: '', phone: '' }, { token: vendor.token })).body.code).toBe(200);
    expect((await list(vendor.token, { keywords: 'EDIT-2' })).body.rows[0]).toMatchObject({ name: '', phone: '' });
  });
  it('answers another vendor’s product as not found and leaves it alone', async () => {
    const id = (await addProduct(other.token, { modelName: 'THEIRS-1', name: '孙工', phone: '13812345678' })).body.data.id;
    const r = await post(t, API.productUpdate, { id, name: '入侵', phone: '13900000000' }, { token: vendor.token });
    expect(r.body.code).toBe(404);
    const missing = await post(t, API.productUpdate, { id: 99999999, name: 'x', phone: '' }, { token: vendor.token });
    expect(missing.body).toEqual(r.body);
    expect((await list(other.token, { keywords: 'THEIRS-1' })).body.rows[0]).toMatchObject({ name: '孙工' });
  });
});

describe('tenancy', () => {
  it('never lists another vendor’s products', async () => {
    await addProduct(other.token, { modelName: 'OTHER-ONLY' });
    expect((await list(vendor.token, { keywords: 'OTHER-ONLY' })).body.total).toBe(0);
    expect((await list(other.token, { keywords: 'OTHER-ONLY' })).body.total).toBe(1);
  });
});

describe('POST /api/app/products/delete/{ids}', () => {
  it('deletes one product, then several comma-joined', async () => {
    const a = (await addProduct(vendor.token, { modelName: 'DEL-A' })).body.data.id;
    const b = (await addProduct(vendor.token, { modelName: 'DEL-B' })).body.data.id;
    const c = (await addProduct(vendor.token, { modelName: 'DEL-C' })).body.data.id;
    expect((await post(t, API.productDelete(a), {}, { token: vendor.token })).body).toMatchObject({ code: 200, msg: MSG.deleteOk });
    expect((await list(vendor.token, { keywords: 'DEL-' })).body.total).toBe(2);
    expect((await post(t, API.productDelete(`${b},${c}`), {}, { token: vendor.token })).body.code).toBe(200);
    expect((await list(vendor.token, { keywords: 'DEL-' })).body.total).toBe(0);
    // Deleted already: not found.
    expect((await post(t, API.productDelete(a), {}, { token: vendor.token })).body.code).toBe(404);
  });
  it('deletes 60 selected products at once (their ids are longer than the router’s default 100-character parameter)', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) ids.push((await addProduct(vendor.token, { modelName: `BULK-${i}` })).body.data.id);
    expect(ids.join(',').length).toBeGreaterThan(100);
    expect((await post(t, API.productDelete(ids.join(',')), {}, { token: vendor.token })).body).toMatchObject({ code: 200, msg: MSG.deleteOk });
    expect((await list(vendor.token, { keywords: 'BULK-' })).body.total).toBe(0);
  });
  it('refuses malformed id lists', async () => {
    for (const bad of ['abc', '1,x', ',,']) {
      expect((await post(t, API.productDelete(bad), {}, { token: vendor.token })).body).toMatchObject({ code: 400, msg: PRODUCT_TEXT.selectToDelete });
    }
  });
  it('cannot delete another vendor’s product, alone or among its own, and deletes nothing then', async () => {
    const theirs = (await addProduct(other.token, { modelName: 'THEIRS-DEL' })).body.data.id;
    const mine = (await addProduct(vendor.token, { modelName: 'MINE-DEL' })).body.data.id;
    expect((await post(t, API.productDelete(theirs), {}, { token: vendor.token })).body.code).toBe(404);
    expect((await post(t, API.productDelete(`${mine},${theirs}`), {}, { token: vendor.token })).body.code).toBe(404);
    expect((await list(vendor.token, { keywords: 'MINE-DEL' })).body.total).toBe(1);
    expect((await list(other.token, { keywords: 'THEIRS-DEL' })).body.total).toBe(1);
  });
});

/** An order holding `productId` in `status`, written directly as the orders module stores it. */
async function orderWith(vendorId: number, userId: number, productId: number, status: number) {
  const now = nowIso();
  const order = await t.db
    .insertInto('orders')
    .values({
      vendor_id: vendorId, created_by: userId, order_no: `T${randomBytes(6).toString('hex')}`, status, node: 110, parole: 1, service_type: 1,
      phone: '13800000000', province_id: '310000', province_name: '上海市', city_id: '310100', city_name: '上海市', district_id: '310112',
      district_name: '闵行区', detail_address: '申长路1号', total_fen: 12000, created_at: now, updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('order_products').values({ order_id: order.id, vendor_id: vendorId, product_id: productId, number: 1, price_fen: 12000 }).execute();
}

describe('deleting products used by orders', () => {
  it('refuses, naming them, while an order with them is in progress; deletes nothing of the batch', async () => {
    const busy = (await addProduct(vendor.token, { modelName: 'BUSY-1' })).body.data.id;
    const free = (await addProduct(vendor.token, { modelName: 'FREE-1' })).body.data.id;
    await orderWith(vendor.vendorId, vendor.userId, busy, ORDER_STATUS.awaitingAccept);
    const r = await post(t, API.productDelete(`${free},${busy}`), {}, { token: vendor.token });
    expect(r.body).toMatchObject({ code: 400, msg: PRODUCT_TEXT.inUse(['1.5P BUSY-1']) });
    expect((await list(vendor.token, { keywords: '-1' })).body.rows.map((x: { modelName: string }) => x.modelName)).toEqual(expect.arrayContaining(['BUSY-1', 'FREE-1']));
  });
  it('allows it once every such order is completed or cancelled', async () => {
    const done = (await addProduct(vendor.token, { modelName: 'DONE-1' })).body.data.id;
    await orderWith(vendor.vendorId, vendor.userId, done, ORDER_STATUS.completed);
    await orderWith(vendor.vendorId, vendor.userId, done, ORDER_STATUS.cancelled);
    expect((await post(t, API.productDelete(done), {}, { token: vendor.token })).body.code).toBe(200);
  });
});

describe('permissions', () => {
  it('refuses a sub-account without the product keys with 403 没有权限', async () => {
    const id = (await addProduct(vendor.token, { modelName: 'PERM-1' })).body.data.id;
    const none = await createSubAccount(t, vendor.vendorId, [11]);
    const forbidden = { code: 403, msg: MSG.forbidden };
    expect((await list(none.token)).body).toMatchObject(forbidden);
    expect((await addProduct(none.token, { modelName: 'X' })).body).toMatchObject(forbidden);
    expect((await post(t, API.productUpdate, { id, name: '', phone: '' }, { token: none.token })).body).toMatchObject(forbidden);
    expect((await post(t, API.productDelete(id), {}, { token: none.token })).body).toMatchObject(forbidden);

    const listOnly = await createSubAccount(t, vendor.vendorId, [13]);
    expect((await list(listOnly.token)).body.code).toBe(200);
    expect((await addProduct(listOnly.token, { modelName: 'X' })).body).toMatchObject(forbidden);
    expect((await post(t, API.productDelete(id), {}, { token: listOnly.token })).body).toMatchObject(forbidden);

    const editor = await createSubAccount(t, vendor.vendorId, [13, 131, 132, 133]);
    expect((await addProduct(editor.token, { modelName: 'BY-SUB' })).body.code).toBe(200);
    expect((await post(t, API.productUpdate, { id, name: '周工', phone: '' }, { token: editor.token })).body.code).toBe(200);
  });
  it('shows a sub-account with data scope "own" only its own products', async () => {
    const own = await createSubAccount(t, vendor.vendorId, [[13, 1], [131, 0], [133, 0]]);
    const mine = (await addProduct(own.token, { modelName: 'SCOPE-MINE' })).body.data.id;
    const mainOne = (await addProduct(vendor.token, { modelName: 'SCOPE-MAIN' })).body.data.id;
    expect(models(await list(own.token, { keywords: 'SCOPE-' }))).toEqual(['SCOPE-MINE']);
    expect((await list(vendor.token, { keywords: 'SCOPE-' })).body.total).toBe(2);
    expect((await post(t, API.productDelete(mainOne), {}, { token: own.token })).body.code).toBe(404);
    expect((await post(t, API.productDelete(mine), {}, { token: own.token })).body.code).toBe(200);
  });
});

const models = (r: { body: { rows: Array<{ modelName: string }> } }) => r.body.rows.map((x) => x.modelName).sort();
