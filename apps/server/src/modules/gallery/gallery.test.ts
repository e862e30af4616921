import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_SALE_MSG } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { addCompletionPics, createOrder, createProduct } from '../after-sales/after-sales.fixtures';

let t: TestApp;
let vendor: Awaited<ReturnType<typeof createVendor>>;
let other: Awaited<ReturnType<typeof createVendor>>;
const iso = (shanghai: string) => new Date(`${shanghai}+08:00`).toISOString();
let a: { id: number; orderNo: string }, b: { id: number; orderNo: string }, c: { id: number; orderNo: string }, foreign: { id: number; orderNo: string };
let picsA: number[], picsB: number[], picsForeign: number[], picsPending: number[];

/** The entry names of a zip, read by the unzip tool. */
function zipEntries(buf: Buffer): string[] {
  const file = join(t.dir, `z${Date.now()}.zip`);
  writeFileSync(file, buf);
  const out = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' });
  return out.split('\n').map((s) => s.trim()).filter(Boolean).sort();
}

beforeAll(async () => {
  t = await startTestApp();
  vendor = await createVendor(t);
  other = await createVendor(t);
  const aircon = await createProduct(t, vendor.vendorId, vendor.userId, [1, 101, 10101]);
  const heater = await createProduct(t, vendor.vendorId, vendor.userId, [2, 201, 20101]);
  a = await createOrder(t, vendor.vendorId, vendor.userId, { realName: '周先生', phone: '13811110001', productId: aircon, serviceType: 1, completionTime: iso('2026-10-05T10:00:00'), modelName: 'KFR-26GW' });
  b = await createOrder(t, vendor.vendorId, vendor.userId, { realName: '吴女士', phone: '13811110002', productId: heater, serviceType: 2, completionTime: iso('2026-11-02T15:30:00'), modelName: 'JSQ30-16' });
  c = await createOrder(t, vendor.vendorId, vendor.userId, { realName: '郑先生', phone: '13811110003', productId: aircon }); // no pictures
  foreign = await createOrder(t, other.vendorId, other.userId, { realName: '周先生', phone: '13811110001' });
  picsA = await addCompletionPics(t, a.id, vendor.vendorId, 3);
  picsB = await addCompletionPics(t, b.id, vendor.vendorId, 2);
  picsForeign = await addCompletionPics(t, foreign.id, other.vendorId, 2);
  // awaiting the vendor's acceptance: its pictures are not completed work yet
  const pending = await createOrder(t, vendor.vendorId, vendor.userId, { status: 600, node: 560, completionTime: null });
  picsPending = await addCompletionPics(t, pending.id, vendor.vendorId, 1);
});
afterAll(async () => t.close());

const list = (query: Record<string, string | number> = {}, token = vendor.token) => get(t, API.galleryList, { token, query });
const ids = (r: Awaited<ReturnType<typeof list>>) => r.body.rows.map((x: { orderId: number }) => x.orderId);

describe('gallery list', () => {
  it('lists only the vendor’s orders with completion pictures, newest completion first', async () => {
    const r = await list({ pageNum: 1, pageSize: 10 });
    expect(r.body.code).toBe(200);
    expect(r.body.total).toBe(2);
    expect(ids(r)).toEqual([b.id, a.id]);
    expect(r.body.rows[1]).toMatchObject({
      omsOrder: { orderNo: a.orderNo, realName: '周先生', phone: '13811110001', phoneExtension: '' },
      modelName: 'KFR-26GW',
      completionTime: '2026-10-05 10:00:00',
    });
    expect(r.body.rows[1].omsProductCompletionPicList.map((p: { id: number }) => p.id)).toEqual(picsA);
    expect(r.body.rows[1].omsProductCompletionPicList[0]).toMatchObject({ fileType: 1, fileUrl: expect.stringMatching(/^\/files\/order\/.+\.png\?expires=\d+&sig=[0-9a-f]{64}$/) });
    expect(ids(await list({ pageNum: 2, pageSize: 1 }))).toEqual([a.id]);
  });

  it('filters by customer keyword, service item, completion date range and category at any level', async () => {
    expect(ids(await list({ keyword: '吴女' }))).toEqual([b.id]);
    expect(ids(await list({ keyword: '13811110001' }))).toEqual([a.id]);
    expect(ids(await list({ serviceType: 2 }))).toEqual([b.id]);
    expect(ids(await list({ serviceType: 3 }))).toEqual([]);
    expect(ids(await list({ minTime: '2026-10-01', maxTime: '2026-10-31' }))).toEqual([a.id]);
    expect(ids(await list({ minTime: '2026-11-02', maxTime: '2026-11-02' }))).toEqual([b.id]);
    expect(ids(await list({ categoryId: 1 }))).toEqual([a.id]);
    expect(ids(await list({ categoryId: 201 }))).toEqual([b.id]);
    expect(ids(await list({ categoryId: 20101 }))).toEqual([b.id]);
    expect(ids(await list({ categoryId: 'x', serviceType: 9 }))).toEqual([b.id, a.id]);
  });

  it('needs app:order:finish, and a sub-account with own-data scope sees only its own orders', async () => {
    const none = await createSubAccount(t, vendor.vendorId, [[12, 0]]);
    expect((await list({}, none.token)).body).toMatchObject({ code: 403, msg: MSG.forbidden });
    const own = await createSubAccount(t, vendor.vendorId, [[14, 1]]);
    expect((await list({}, own.token)).body.total).toBe(0);
    const all = await createSubAccount(t, vendor.vendorId, [[14, 0]]);
    expect((await list({}, all.token)).body.total).toBe(2);
    expect((await post(t, API.galleryDownload, { orderIds: [a.id] }, { token: own.token })).body.code).toBe(404);
  });
});

describe('gallery download', () => {
  const download = (body: unknown, token = vendor.token) => post(t, API.galleryDownload, body, { token });

  it('zips the chosen pictures in folders named by order number', async () => {
    const r = await download({ picIds: [picsA[0], picsA[2], picsB[1]] });
    expect(r.res.headers['content-type']).toBe('application/zip');
    expect(String(r.res.headers['content-disposition'])).toContain(encodeURIComponent('完工图库'));
    const entries = zipEntries(r.res.rawPayload);
    expect(entries).toEqual([`${a.orderNo}/01-${picsA[0]}.png`, `${a.orderNo}/02-${picsA[2]}.png`, `${b.orderNo}/01-${picsB[1]}.png`].sort());
  });

  it('zips whole orders, and the original bytes are kept', async () => {
    const r = await download({ orderIds: [a.id, b.id] });
    const entries = zipEntries(r.res.rawPayload);
    expect(entries).toHaveLength(5);
    expect(entries.filter((e) => e.startsWith(`${b.orderNo}/`))).toHaveLength(2);
    const file = join(t.dir, 'whole.zip');
    writeFileSync(file, r.res.rawPayload);
    const first = execFileSync('unzip', ['-p', file, entries[0]!]);
    expect(first.subarray(1, 4).toString()).toBe('PNG');
    const pic = await t.db.selectFrom('completion_pics').select('file_url').where('id', '=', Number(/-(\d+)\.png$/.exec(entries[0]!)![1])).executeTakeFirstOrThrow();
    const { readFileSync } = await import('node:fs');
    expect(Buffer.compare(first, readFileSync(join(t.config.DATA_DIR, 'uploads', pic.file_url)))).toBe(0);
  });

  it('never includes another vendor’s pictures, and answers them as missing', async () => {
    const theirs = await download({ picIds: picsForeign, orderIds: [foreign.id] });
    expect(theirs.body).toMatchObject({ code: 404 });
    expect((await download({ picIds: picsPending })).body).toMatchObject({ code: 404 });
    const mixed = await download({ picIds: [picsA[1], ...picsForeign] });
    expect(zipEntries(mixed.res.rawPayload)).toEqual([`${a.orderNo}/01-${picsA[1]}.png`]);
  });

  it('asks for a selection and checks permission', async () => {
    expect((await download({})).body).toMatchObject({ code: 400, msg: AFTER_SALE_MSG.picturesRequired });
    expect((await download({ picIds: [], orderIds: [] })).body).toMatchObject({ code: 400, msg: AFTER_SALE_MSG.picturesRequired });
    expect((await download({ picIds: 'abc' })).body).toMatchObject({ code: 400 });
    const none = await createSubAccount(t, vendor.vendorId, [[12, 0]]);
    expect((await download({ orderIds: [a.id] }, none.token)).body).toMatchObject({ code: 403 });
    expect((await download({ orderIds: [c.id] })).body.code).toBe(404);
  });
});
