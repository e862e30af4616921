import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, PLATFORM_API } from '@portal/domain/api-paths';
import { PICTURE_EXT } from '@portal/domain/files';
import { MSG, fileTypeMessage } from '@portal/domain/messages';
import { PLATFORM_ORDER_API, type PlatformOrderAction } from '@portal/domain/orders-platform';
import { FILE_NOT_OWNED, UPLOAD_DIR_INVALID } from '@portal/domain/uploads';
import { createOperator, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { SAMPLE, upload } from '../../../test/upload';
import { addOrder, createProduct, fund } from '../orders/orders.fixtures';
import { assertPlatformFiles } from '../../lib/files.repository';

// The console's uploads (docs/decisions/097): the operator uploads with the vendor widget's checks,
// the file is recorded as the operator's, vendors cannot reference it, and the console may attach
// only its own uploads or the order's vendor's files to an order.

let t: TestApp;
let vendor: Awaited<ReturnType<typeof createVendor>>;
let other: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
let operatorId: number;

const asOperator = { platform: true };
const act = (id: number, action: PlatformOrderAction, body: Record<string, unknown> = {}) =>
  post(t, PLATFORM_ORDER_API.action(id, action), body, { token: op.token, role: 'platform' });

beforeAll(async () => {
  t = await startTestApp();
  vendor = await createVendor(t);
  other = await createVendor(t);
  op = await createOperator(t);
  operatorId = (await t.db.selectFrom('operators').select('id').where('account', '=', op.account).executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

/** A paid order of `vendor` walked by the console to 施工中 (500), ready for completion pictures. */
async function orderInWork() {
  const product = await createProduct(t, vendor.vendorId, vendor.userId);
  await fund(t, vendor.vendorId, 100000);
  const id = await addOrder(t, vendor.token, [product]);
  expect((await post(t, API.orderPay(id), {}, { token: vendor.token })).body.code).toBe(200);
  const master = (await get(t, PLATFORM_ORDER_API.masters, { token: op.token, role: 'platform' })).body.data[0];
  for (const [action, body] of [['dispatch', { masterId: master.id }], ['accept', {}], ['appointment', { doorTime: '2099-01-01 15:30:00' }], ['checkIn', {}]] as const) {
    expect((await act(id, action, body)).body, action).toMatchObject({ code: 200 });
  }
  return id;
}

describe('POST /api/platform/uploadFile', () => {
  it('stores an operator picture and records the operator as its owner, no vendor', async () => {
    const r = await upload(t, op.token, { name: '完工照片.jpg', content: SAMPLE.jpg }, 'order', asOperator);
    expect(r.body).toMatchObject({ code: 200, data: { fileName: '完工照片.jpg' } });
    const path = r.body.data!.fileUrl;
    expect(path).toMatch(/^\/order\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    const row = await t.db.selectFrom('files').selectAll().where('path', '=', path).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ vendor_id: 0, user_id: 0, operator_id: operatorId });
    const served = await t.app.inject({ method: 'GET', url: r.body.data!.url });
    expect(served.rawPayload.equals(SAMPLE.jpg)).toBe(true);
  });

  it('applies the same folder, type, magic-byte and size checks', async () => {
    expect((await upload(t, op.token, { name: 'a.png', content: SAMPLE.png }, '../etc', asOperator)).body).toMatchObject({ code: 400, msg: UPLOAD_DIR_INVALID });
    expect((await upload(t, op.token, { name: 'a.pdf', content: SAMPLE.pdf }, 'credentials', asOperator)).body).toMatchObject({ code: 400, msg: fileTypeMessage(PICTURE_EXT) });
    const renamed = await upload(t, op.token, { name: 'photo.png', content: SAMPLE.exe }, 'order', asOperator);
    expect(renamed.body.code).toBe(400);
    expect(renamed.body.msg).toMatch(new RegExp(`^${MSG.fileFormat}`));
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    SAMPLE.png.copy(big);
    expect((await upload(t, op.token, { name: 'big.png', content: big }, 'order', asOperator)).body).toMatchObject({ code: 400, msg: MSG.imageTooLarge });
    expect(await t.db.selectFrom('files').select('path').where('operator_id', '=', operatorId).where('original_name', 'in', ['a.png', 'a.pdf', 'photo.png', 'big.png']).execute()).toEqual([]);
  });

  it('takes operator sessions only, and the vendor route takes vendor sessions only', async () => {
    expect((await upload(t, '', { name: 'a.png', content: SAMPLE.png }, 'order', asOperator)).body.code).toBe(401);
    // A vendor token sent to the console route is not an operator session.
    expect((await upload(t, vendor.token, { name: 'a.png', content: SAMPLE.png }, 'order', asOperator)).body.code).toBe(401);
    expect((await upload(t, op.token, { name: 'a.png', content: SAMPLE.png }, 'order')).body.code).toBe(401);
  });
});

describe('who may use whose file', () => {
  it('a vendor cannot reference an operator’s upload', async () => {
    const mine = await upload(t, op.token, { name: '说明.pdf', content: SAMPLE.pdf }, 'knowledge', asOperator);
    expect((await post(t, API.baseAdd, { title: '运营上传的说明', fileUrl: mine.body.data!.fileUrl }, { token: vendor.token })).body).toMatchObject({ code: 400, msg: FILE_NOT_OWNED });
    const own = await upload(t, vendor.token, { name: '说明.pdf', content: SAMPLE.pdf }, 'knowledge');
    expect((await post(t, API.baseAdd, { title: '厂家自己的说明', fileUrl: own.body.data!.fileUrl }, { token: vendor.token })).body.code).toBe(200);
  });

  it('the console attaches its own uploads and the order vendor’s files, never another vendor’s or unknown paths', async () => {
    const id = await orderInWork();
    const opPic = (await upload(t, op.token, { name: 'done.png', content: SAMPLE.png }, 'order', asOperator)).body.data!.fileUrl;
    const vendorPic = (await upload(t, vendor.token, { name: 'product.png', content: SAMPLE.png }, 'product')).body.data!.fileUrl;
    const otherPic = (await upload(t, other.token, { name: 'secret.png', content: SAMPLE.png }, 'product')).body.data!.fileUrl;

    for (const fileUrl of [otherPic, '/order/2026/11/00000000000000000000000000000000.png', 'https://example.com/x.png']) {
      expect((await act(id, 'uploadPictures', { pictures: [{ fileUrl: opPic }, { fileUrl }] })).body, fileUrl).toMatchObject({ code: 400, msg: FILE_NOT_OWNED });
    }
    expect((await act(id, 'requestCompletion', { pictures: [{ fileUrl: otherPic }], visitOverride: '客户不在场' })).body).toMatchObject({ code: 400, msg: FILE_NOT_OWNED });
    expect((await get(t, API.order(id), { token: vendor.token })).body.data.status).toBe(500);

    expect((await act(id, 'requestCompletion', { pictures: [{ fileUrl: opPic }, { fileUrl: vendorPic }], visitOverride: '客户不在场' })).body).toMatchObject({ code: 200 });
    const pics = await t.db.selectFrom('completion_pics').select('file_url').where('order_id', '=', id).execute();
    expect(pics.map((p) => p.file_url).sort()).toEqual([opPic, vendorPic].sort());
    // The vendor sees the operator's picture on its order, and the file is really there.
    const info = (await get(t, API.detailInformation(id), { token: vendor.token })).body.data;
    expect(JSON.stringify(info)).toContain(opPic);
    expect(existsSync(join(t.config.DATA_DIR, 'uploads', opPic))).toBe(true);
    // What the vendor's order detail (and, once completed, its gallery) answers for it is a signed URL that downloads (decision 121).
    const shown = [...JSON.stringify(info).matchAll(/"(\/files\/order\/[^"]+)"/g)].map((m) => m[1]!);
    const gallery = (await get(t, API.galleryList, { token: vendor.token })).body.rows as Array<{ omsProductCompletionPicList: Array<{ fileUrl: string }> }>;
    for (const url of [...shown, ...gallery.flatMap((r) => r.omsProductCompletionPicList.map((p) => p.fileUrl))].filter((u) => u.includes(opPic))) {
      expect(url).toMatch(/^\/files\/order\/.+\?expires=\d+&sig=[0-9a-f]{64}$/);
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(SAMPLE.png)).toBe(true);
    }
    expect(shown.some((u) => u.includes(opPic))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/files${opPic}` })).statusCode).toBe(403);
  });
});

describe('cloud storage', () => {
  it('signs the operator a folder of its own, which vendors cannot reference and the console can', async () => {
    const oss = await startTestApp({ STORAGE_DRIVER: 'oss', OSS_BUCKET_URL: 'https://bucket.example.com', OSS_ACCESS_KEY_ID: 'AKID', OSS_ACCESS_KEY_SECRET: 'topsecret', FILE_ROOT_URL: 'https://bucket.example.com' });
    try {
      const v = await createVendor(oss);
      const o = await createOperator(oss);
      const opId = (await oss.db.selectFrom('operators').select('id').where('account', '=', o.account).executeTakeFirstOrThrow()).id;
      const token = (await post(oss, PLATFORM_API.ossToken, {}, { token: o.token, role: 'platform', query: { type: 'order' } })).body.data;
      expect(token.dir).toBe(`order/p${opId}/`);
      expect(JSON.parse(Buffer.from(token.policy, 'base64').toString())).toMatchObject({ conditions: expect.arrayContaining([['starts-with', '$key', `order/p${opId}/`]]) });
      expect((await post(oss, PLATFORM_API.ossToken, {}, { token: v.token, role: 'platform', query: { type: 'order' } })).body.code).toBe(401);
      const key = `/order/p${opId}/${Date.now()}12345file.pdf`;
      expect((await post(oss, API.baseAdd, { title: '运营云文件', fileUrl: key }, { token: v.token })).body).toMatchObject({ code: 400, msg: FILE_NOT_OWNED });
      // On an order of vendor v the console may attach operator keys and v's keys, not another vendor's.
      await expect(assertPlatformFiles(oss.db, v.vendorId, [key, `/product/v${v.vendorId}/${Date.now()}12345file.png`])).resolves.toBeUndefined();
      await expect(assertPlatformFiles(oss.db, v.vendorId, `/product/v${v.vendorId + 1}/${Date.now()}12345file.png`)).rejects.toThrow(FILE_NOT_OWNED);
    } finally {
      await oss.close();
    }
  });
});
