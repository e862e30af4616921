import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PLATFORM_WALLET_API } from '@portal/domain/wallet';
import { loadConfig } from '../../config';
import { DEFAULT_FILE_URL_SECRET, FILE_URL_TTL_SECONDS, fileUrls, signAll, unsignAll } from '../../lib/file-urls';
import { createOperator, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { SAMPLE, upload } from '../../../test/upload';
import { addOrder, createProduct } from '../orders/orders.fixtures';

// Private files (issue 14, decision 121): /files answers only a valid, unexpired signature; answers
// carry signed URLs for the paths they hold; requests may send those URLs back.

let t: TestApp;
let vendor: Awaited<ReturnType<typeof createVendor>>;
let other: Awaited<ReturnType<typeof createVendor>>;

const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });
const signedPattern = (path: string) => new RegExp(`^/files${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\?expires=\\d+&sig=[0-9a-f]{64}$`);

/** The vendor's licence saved through the info screen, as the web sends it. */
async function saveLicence(v: typeof vendor, license: string) {
  const info = (await get(t, API.manufacturerInfo, { token: v.token })).body.data;
  return post(t, API.editManufacturerInfo, { ...info, umsUserAddressVoList: [], license }, { token: v.token });
}

beforeAll(async () => {
  t = await startTestApp();
  vendor = await createVendor(t);
  other = await createVendor(t);
});
afterAll(async () => t.close());

describe('GET /files/… (local driver)', () => {
  let path: string;
  beforeAll(async () => {
    path = (await upload(t, vendor.token, { name: '营业执照.png', content: SAMPLE.png }, 'license')).body.data!.fileUrl;
  });

  it('refuses a licence URL without a signature, with a bad or foreign one, and with a tampered expiry', async () => {
    const good = new URL(t.app.fileUrls.sign(path), 'http://x');
    const sig = good.searchParams.get('sig')!;
    const expires = good.searchParams.get('expires')!;
    const otherPath = (await upload(t, vendor.token, { name: 'b.png', content: SAMPLE.png }, 'license')).body.data!.fileUrl;
    const foreign = new URL(t.app.fileUrls.sign(otherPath), 'http://x').searchParams.get('sig')!;
    const withSecret = (secret: string) => createHmac('sha256', secret).update(`${path}\n${expires}`).digest('hex');
    for (const url of [
      `/files${path}`,
      `/files${path}?expires=${expires}`,
      `/files${path}?sig=${sig}`,
      `/files${path}?expires=${expires}&sig=${'0'.repeat(64)}`,
      `/files${path}?expires=${expires}&sig=${foreign}`,
      `/files${path}?expires=${Number(expires) + 300}&sig=${sig}`,
      `/files${path}?expires=${expires}&sig=${sig.slice(0, 63)}`,
      `/files${path}?expires=${expires}&sig=${withSecret(t.config.SIGN_KEY)}`,
    ]) {
      const res = await fetchFile(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.rawPayload.includes(SAMPLE.png)).toBe(false);
      expect(res.body).toBe('文件链接无效或已过期');
    }
  });

  it('serves the bytes for a valid signature, cached privately until it expires', async () => {
    const url = t.app.fileUrls.sign(path);
    expect(url).toMatch(signedPattern(path));
    const res = await fetchFile(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(SAMPLE.png)).toBe(true);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(FILE_URL_TTL_SECONDS - 5);
    expect(maxAge).toBeLessThanOrEqual(FILE_URL_TTL_SECONDS + 300);
  });

  it('refuses an expired signature', async () => {
    const issuedTwoHoursAgo = t.app.fileUrls.sign(path, Date.now() - 2 * FILE_URL_TTL_SECONDS * 1000);
    expect(Number(new URL(issuedTwoHoursAgo, 'http://x').searchParams.get('expires')) * 1000).toBeLessThan(Date.now());
    expect((await fetchFile(issuedTwoHoursAgo)).statusCode).toBe(403);
    // The expiry is relative to the request: the same path signed now downloads.
    expect((await fetchFile(t.app.fileUrls.sign(path))).statusCode).toBe(200);
  });

  it('never signs anything but a stored path, so no signed URL leaves the uploads folder', async () => {
    for (const p of ['/../package.json', '/license/../../x.png', 'license/2026/11/x.png', '/files/license/2026/11/0123456789abcdef0123456789abcdef.png']) {
      expect(t.app.fileUrls.sign(p)).toBe(p);
    }
    expect((await fetchFile(`/files/..%2f..%2fpackage.json?expires=9999999999&sig=${'a'.repeat(64)}`)).statusCode).toBe(403);
  });
});

describe('answers carry signed URLs; requests may send them back', () => {
  it('the upload answers the path to keep and a signed url that downloads', async () => {
    const r = await upload(t, vendor.token, { name: 'lic.png', content: SAMPLE.png }, 'license');
    const { fileUrl, url } = r.body.data!;
    expect(fileUrl).toMatch(/^\/license\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    expect(url).toMatch(signedPattern(fileUrl));
    expect((await fetchFile(url)).rawPayload.equals(SAMPLE.png)).toBe(true);
  });

  it('the licence saved from the signed URL is stored as its path, answered signed, and downloads', async () => {
    const up = (await upload(t, vendor.token, { name: 'lic.jpg', content: SAMPLE.jpg }, 'license')).body.data!;
    expect((await saveLicence(vendor, up.url)).body.code).toBe(200);
    const stored = await t.db.selectFrom('vendors').select('license').where('id', '=', vendor.vendorId).executeTakeFirstOrThrow();
    expect(stored.license).toBe(up.fileUrl);

    const answered = (await get(t, API.manufacturerInfo, { token: vendor.token })).body.data.license as string;
    expect(answered).toMatch(signedPattern(up.fileUrl));
    const res = await fetchFile(answered);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(SAMPLE.jpg)).toBe(true);

    // Saving the screen again unchanged (the web sends back what it was given) keeps the path.
    expect((await saveLicence(vendor, answered)).body.code).toBe(200);
    expect((await t.db.selectFrom('vendors').select('license').where('id', '=', vendor.vendorId).executeTakeFirstOrThrow()).license).toBe(up.fileUrl);
  });

  it('another vendor’s answers never carry a URL to my files, and my signed URL does not make the file theirs', async () => {
    const mine = (await upload(t, vendor.token, { name: 'mine.png', content: SAMPLE.png }, 'license')).body.data!;
    expect((await saveLicence(vendor, mine.fileUrl)).body.code).toBe(200);
    const theirs = await get(t, API.manufacturerInfo, { token: other.token });
    expect(JSON.stringify(theirs.body)).not.toContain(mine.fileUrl);
    // The other vendor cannot adopt my licence by sending its signed URL.
    expect((await saveLicence(other, mine.url)).body.code).toBe(400);
    expect((await t.db.selectFrom('vendors').select('license').where('id', '=', other.vendorId).executeTakeFirstOrThrow()).license).not.toBe(mine.fileUrl);
  });

  it('no list of another vendor carries a URL to my licence, product picture, knowledge file or top-up proof; mine do, and they download', async () => {
    const a = await createVendor(t);
    const b = await createVendor(t);
    const up = async (dir: string, name: string, content: Buffer) => (await upload(t, a.token, { name, content }, dir)).body.data!.fileUrl;
    const licence = await up('license', 'l.png', SAMPLE.png);
    const picture = await up('product', 'p.png', SAMPLE.png);
    const manual = await up('knowledge', 'm.pdf', SAMPLE.pdf);
    const proof = await up('credentials', 'c.png', SAMPLE.png);
    expect((await saveLicence(a, licence)).body.code).toBe(200);
    const productId = await createProduct(t, a.vendorId, a.userId);
    await t.db.updateTable('products').set({ picture }).where('id', '=', productId).execute();
    expect((await post(t, API.baseAdd, { title: '说明书', fileUrl: manual }, { token: a.token })).body.code).toBe(200);
    expect((await post(t, API.recharge, { rechargeAmount: '100', credentials: proof }, { token: a.token })).body.code).toBe(200);
    await addOrder(t, a.token, [productId]); // the order list's line keeps the product's picture
    const reads = [API.manufacturerInfo, API.productList, API.baseList, API.galleryList, API.records, API.orderList];
    for (const path of reads) {
      const theirs = JSON.stringify((await get(t, path, { token: b.token })).body);
      for (const mine of [licence, picture, manual, proof]) expect(theirs, path).not.toContain(mine);
    }
    const own = (await Promise.all(reads.map(async (path) => JSON.stringify((await get(t, path, { token: a.token })).body)))).join('\n');
    for (const [mine, bytes] of [[licence, SAMPLE.png], [picture, SAMPLE.png], [manual, SAMPLE.pdf]] as const) {
      const url = own.match(new RegExp(`/files${mine.replace(/[.]/g, '\\.')}\\?expires=\\d+&sig=[0-9a-f]{64}`))?.[0];
      expect(url, mine).toBeDefined();
      expect((await fetchFile(url!)).rawPayload.equals(bytes)).toBe(true);
    }
    // The order list's rows are stored JSON written as bytes (decision 098): its pictures are signed too.
    const orderRows = (await get(t, API.orderList, { token: a.token })).body.rows as Array<{ productList: Array<{ productPicture: string }> }>;
    const shown = orderRows[0]!.productList[0]!.productPicture;
    expect(shown).toMatch(signedPattern(picture));
    expect((await fetchFile(shown)).rawPayload.equals(SAMPLE.png)).toBe(true);
  });

  it('a top-up proof sent as its signed URL is stored as a path; the console answers it signed and it downloads', async () => {
    const proof = (await upload(t, vendor.token, { name: '转账.png', content: SAMPLE.png }, 'credentials')).body.data!;
    expect((await post(t, API.recharge, { rechargeAmount: '300', credentials: proof.url }, { token: vendor.token })).body.code).toBe(200);
    const row = await t.db.selectFrom('account_records').select('credentials').where('vendor_id', '=', vendor.vendorId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.credentials).toBe(proof.fileUrl);

    const op = await createOperator(t);
    const list = await get(t, PLATFORM_WALLET_API.recharges, { token: op.token, role: 'platform' });
    const rec = (list.body.rows as Array<{ credentials: string; credentialsUrl: string }>).find((r) => r.credentials.includes(proof.fileUrl))!;
    expect(rec.credentialsUrl).toMatch(signedPattern(proof.fileUrl));
    expect(rec.credentials).toMatch(signedPattern(proof.fileUrl));
    const res = await fetchFile(rec.credentialsUrl);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(SAMPLE.png)).toBe(true);
  });
});

describe('signing and unsigning values', () => {
  const urls = fileUrls({ FILE_ROOT_URL: '/files', FILE_URL_SECRET: 'k'.repeat(32), STORAGE_DRIVER: 'local', OSS_BUCKET_URL: '', OSS_ACCESS_KEY_ID: '', OSS_ACCESS_KEY_SECRET: '' });
  const a = '/order/2026/11/0123456789abcdef0123456789abcdef.png';
  const b = '/afterSale/2026/11/fedcba9876543210fedcba9876543210.mp4';

  it('signs stored paths anywhere in an answer, comma lists included, without changing the input', () => {
    const answer = { code: 200, data: { rows: [{ voucher: `${a},${b}`, pics: [{ fileUrl: a }], note: a.slice(1), remark: '/order/x.png' }] } };
    const copy = structuredClone(answer);
    const signed = signAll(answer, urls) as typeof answer;
    expect(answer).toEqual(copy);
    const [va, vb] = signed.data.rows[0]!.voucher.split(',');
    expect(va).toMatch(signedPattern(a));
    expect(vb).toMatch(signedPattern(b));
    expect(signed.data.rows[0]!.pics[0]!.fileUrl).toMatch(signedPattern(a));
    expect(signed.data.rows[0]!.note).toBe(a.slice(1));
    expect(signed.data.rows[0]!.remark).toBe('/order/x.png');
    expect(unsignAll(signed, urls)).toEqual(answer);
  });

  it('rounds expiries to five minutes, so answers within one step carry the same URL (the browser cache works)', () => {
    const step = 300_000;
    const start = Math.ceil(Date.now() / step) * step + 1;
    expect(urls.sign(a, start)).toBe(urls.sign(a, start + step - 2));
    expect(urls.sign(a, start)).not.toBe(urls.sign(a, start + step));
  });

  it('walks a body nested a million levels deep without overflowing', () => {
    const deep = JSON.parse(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`);
    expect(unsignAll(deep, urls)).toBe(deep);
  });

  it('leaves text that only looks like a URL alone', () => {
    for (const v of ['/files/x.png?expires=1&sig=2', `https://evil.example${a}?expires=1`, `${a}，${b}`, `/files${a}/x`]) expect(unsignAll(v, urls)).toBe(v);
  });
});

describe('STORAGE_DRIVER=oss', () => {
  const oss = { STORAGE_DRIVER: 'oss', OSS_BUCKET_URL: 'https://portal-files.oss-cn-hangzhou.aliyuncs.com', OSS_ACCESS_KEY_ID: 'AKID', OSS_ACCESS_KEY_SECRET: 'topsecret', FILE_ROOT_URL: 'https://portal-files.oss-cn-hangzhou.aliyuncs.com' };

  it('answers the bucket’s presigned GET URL (OSS V1 query signature) and accepts it back as the key', async () => {
    const o = await startTestApp(oss);
    try {
      const v = await createVendor(o);
      const key = `/license/v${v.vendorId}/${Date.now()}12345file.png`;
      const edit = await post(o, API.editManufacturerInfo, { ...(await get(o, API.manufacturerInfo, { token: v.token })).body.data, umsUserAddressVoList: [], license: key }, { token: v.token });
      expect(edit.body.code).toBe(200);
      const answered = (await get(o, API.manufacturerInfo, { token: v.token })).body.data.license as string;
      const u = new URL(answered);
      expect(`${u.origin}${u.pathname}`).toBe(`${oss.OSS_BUCKET_URL}${key}`);
      expect(u.searchParams.get('OSSAccessKeyId')).toBe('AKID');
      const expires = Number(u.searchParams.get('Expires'));
      expect(expires * 1000).toBeGreaterThan(Date.now() + (FILE_URL_TTL_SECONDS - 5) * 1000);
      // The string to sign of Alibaba Cloud OSS "Include a V1 signature in a URL".
      const expected = createHmac('sha1', 'topsecret').update(`GET\n\n\n${expires}\n/portal-files${key}`).digest('base64');
      expect(u.searchParams.get('Signature')).toBe(expected);
      // Sent back unchanged, it is stored as the key again.
      const again = await post(o, API.editManufacturerInfo, { ...(await get(o, API.manufacturerInfo, { token: v.token })).body.data, umsUserAddressVoList: [] }, { token: v.token });
      expect(again.body.code).toBe(200);
      expect((await o.db.selectFrom('vendors').select('license').where('id', '=', v.vendorId).executeTakeFirstOrThrow()).license).toBe(key);
      // Nothing of the bucket is served by this server.
      expect((await o.app.inject({ method: 'GET', url: `/files${key}` })).statusCode).toBe(404);
    } finally {
      await o.close();
    }
  });
});

describe('FILE_URL_SECRET in production', () => {
  const safe = { NODE_ENV: 'production', SIGN_KEY: 'a-production-signing-key', PORTAL_DEMO_DATA: '0', PORTAL_DEV_OUTBOX: '0', PUBLIC_URL: 'https://portal.example.com' };
  it('refuses the default, a short one, and SIGN_KEY itself', () => {
    for (const FILE_URL_SECRET of [undefined, DEFAULT_FILE_URL_SECRET, 'short-secret', safe.SIGN_KEY.padEnd(32, 'x')]) {
      const env = { ...safe, ...(FILE_URL_SECRET === safe.SIGN_KEY.padEnd(32, 'x') ? { SIGN_KEY: FILE_URL_SECRET } : {}), ...(FILE_URL_SECRET ? { FILE_URL_SECRET } : {}) };
      expect(() => loadConfig(env), String(FILE_URL_SECRET)).toThrow(/FILE_URL_SECRET/);
    }
    expect(loadConfig({ ...safe, FILE_URL_SECRET: 'f'.repeat(64) }).FILE_URL_SECRET).toBe('f'.repeat(64));
  });
});
