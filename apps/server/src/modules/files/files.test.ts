import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PICTURE_EXT } from '@portal/domain/files';
import { MSG, fileCountMessage, fileSizeMessage, fileTypeMessage } from '@portal/domain/messages';
import { CLOUD_NOT_CONFIGURED, UPLOAD_DIR_INVALID, UPLOAD_EMPTY } from '@portal/domain/uploads';
import { createVendor, post, startTestApp, type TestApp } from '../../../test/helper';
import { SAMPLE, upload } from '../../../test/upload';

let t: TestApp;
let vendor: Awaited<ReturnType<typeof createVendor>>;

function filesOnDisk(): string[] {
  const root = join(t.config.DATA_DIR, 'uploads');
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(root);
  return out;
}

beforeAll(async () => {
  t = await startTestApp();
  vendor = await createVendor(t);
});
afterAll(async () => t.close());

describe('POST /api/common/uploadFile', () => {
  it('needs a session', async () => {
    const r = await upload(t, '', { name: 'a.png', content: SAMPLE.png }, 'license');
    expect(r.body.code).toBe(401);
  });

  it('stores a picture under a random name and serves it back with its content type', async () => {
    const r = await upload(t, vendor.token, { name: '营业执照.png', content: SAMPLE.png }, 'license');
    expect(r.body.code).toBe(200);
    const data = r.body.data!;
    expect(data.fileName).toBe('营业执照.png');
    expect(data.fileUrl).toMatch(/^\/license\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    // url is a short-lived signed link (decision 121); fileUrl the path the form keeps.
    expect(data.url).toMatch(new RegExp(`^/files${data.fileUrl}\\?expires=\\d+&sig=[0-9a-f]{64}$`));
    const row = await t.db.selectFrom('files').selectAll().where('path', '=', data.fileUrl).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ vendor_id: vendor.vendorId, user_id: vendor.userId, original_name: '营业执照.png' });
    expect(Number(row.size)).toBe(SAMPLE.png.length);
    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(SAMPLE.png)).toBe(true);
  });

  it('serves documents and video with their content types', async () => {
    for (const [name, content, type] of [
      ['手册.pdf', SAMPLE.pdf, 'application/pdf'],
      ['演示.mp4', SAMPLE.mp4, 'video/mp4'],
      ['说明.txt', SAMPLE.txt, 'text/plain'],
      ['表格.doc', SAMPLE.doc, 'application/msword'],
    ] as const) {
      const r = await upload(t, vendor.token, { name, content }, 'common');
      expect(r.body.code, name).toBe(200);
      const served = await t.app.inject({ method: 'GET', url: r.body.data!.url });
      expect(served.headers['content-type']).toContain(type);
      expect(served.rawPayload.equals(content)).toBe(true);
    }
  });

  it('refuses a wrong extension for the folder and keeps nothing', async () => {
    const before = filesOnDisk().length;
    const r = await upload(t, vendor.token, { name: 'setup.exe', content: SAMPLE.exe }, 'license');
    expect(r.body).toMatchObject({ code: 400, msg: fileTypeMessage(PICTURE_EXT) });
    const pdf = await upload(t, vendor.token, { name: 'a.pdf', content: SAMPLE.pdf }, 'credentials');
    expect(pdf.body.msg).toBe(fileTypeMessage(PICTURE_EXT));
    expect(filesOnDisk().length).toBe(before);
  });

  it('refuses a renamed executable by its magic bytes and keeps nothing', async () => {
    const before = filesOnDisk().length;
    const rows = await t.db.selectFrom('files').select('id').execute();
    for (const name of ['photo.png', 'photo.jpg', 'doc.pdf', 'doc.docx', 'clip.mp4', 'notes.txt']) {
      const r = await upload(t, vendor.token, { name, content: SAMPLE.exe }, 'common');
      expect(r.body.code, name).toBe(400);
      expect(r.body.msg).toMatch(new RegExp(`^${MSG.fileFormat}`));
    }
    expect(filesOnDisk().length).toBe(before);
    expect((await t.db.selectFrom('files').select('id').execute()).length).toBe(rows.length);
  });

  it('refuses an over-size picture and document while streaming and keeps nothing', async () => {
    const before = filesOnDisk().length;
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    SAMPLE.png.copy(big);
    const r = await upload(t, vendor.token, { name: 'big.png', content: big }, 'product');
    expect(r.body).toMatchObject({ code: 400, msg: MSG.imageTooLarge });
    const doc = Buffer.alloc(50 * 1024 * 1024 + 1);
    SAMPLE.pdf.copy(doc);
    const d = await upload(t, vendor.token, { name: 'big.pdf', content: doc }, 'knowledge');
    expect(d.body).toMatchObject({ code: 400, msg: fileSizeMessage(50) });
    expect(filesOnDisk().length).toBe(before);
  });

  it('accepts a picture of exactly 10 MB', async () => {
    const exact = Buffer.alloc(10 * 1024 * 1024);
    SAMPLE.png.copy(exact);
    const r = await upload(t, vendor.token, { name: 'exact.png', content: exact }, 'product');
    expect(r.body.code).toBe(200);
  });

  it('refuses more than one file per request and keeps none of them', async () => {
    const before = filesOnDisk().length;
    const r = await upload(t, vendor.token, [
      { name: 'a.png', content: SAMPLE.png },
      { name: 'b.png', content: SAMPLE.png },
    ], 'product');
    expect(r.body).toMatchObject({ code: 400, msg: fileCountMessage(1) });
    expect(filesOnDisk().length).toBe(before);
  });

  it('refuses an empty file and a request without a file', async () => {
    expect((await upload(t, vendor.token, { name: 'empty.png', content: Buffer.alloc(0) }, 'license')).body.msg).toBe(UPLOAD_EMPTY);
    expect((await upload(t, vendor.token, [], 'license')).body.msg).toBe(UPLOAD_EMPTY);
  });

  it('only takes whitelisted folders; the client file name never reaches the file system', async () => {
    for (const dir of ['../etc', '..', 'license/../../x', 'constructor', '__proto__']) {
      expect((await upload(t, vendor.token, { name: 'a.png', content: SAMPLE.png }, dir)).body).toMatchObject({ code: 400, msg: UPLOAD_DIR_INVALID });
    }
    const r = await upload(t, vendor.token, { name: '../../../evil.png', content: SAMPLE.png }, 'license');
    expect(r.body.code).toBe(200);
    expect(r.body.data!.fileUrl).toMatch(/^\/license\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    expect(existsSync(join(t.config.DATA_DIR, 'evil.png'))).toBe(false);
  });

  it('refuses path traversal when serving files', async () => {
    for (const url of ['/files/../package.json', '/files/..%2f..%2fpackage.json', '/files/%2e%2e/%2e%2e/test.sqlite', '/files/license/..%2f..%2f..%2ftest.sqlite']) {
      const res = await t.app.inject({ method: 'GET', url });
      const refused = res.statusCode >= 400 || (res.statusCode === 200 && res.json().code >= 400);
      expect(refused, url).toBe(true);
      expect(res.body).not.toContain('SQLite format');
      expect(res.body).not.toContain('"workspaces"');
    }
  });
});

describe('POST /api/common/getToken', () => {
  it('answers 400 when cloud storage is not configured', async () => {
    const r = await post(t, API.ossToken, {}, { token: vendor.token, query: { type: 'product' } });
    expect(r.body).toMatchObject({ code: 400, msg: CLOUD_NOT_CONFIGURED });
  });

  it('signs a POST policy limited to the vendor folder when configured', async () => {
    const oss = await startTestApp({ STORAGE_DRIVER: 'oss', OSS_BUCKET_URL: 'https://bucket.example.com', OSS_ACCESS_KEY_ID: 'AKID', OSS_ACCESS_KEY_SECRET: 'topsecret', FILE_ROOT_URL: 'https://bucket.example.com' });
    try {
      const v = await createVendor(oss);
      const r = await post(oss, API.ossToken, {}, { token: v.token, query: { type: 'product' } });
      expect(r.body.code).toBe(200);
      const d = r.body.data;
      expect(d).toMatchObject({ host: 'https://bucket.example.com', dir: `product/v${v.vendorId}/`, OSSAccessKeyId: 'AKID' });
      expect(d.signature).toBe(createHmac('sha1', 'topsecret').update(d.policy).digest('base64'));
      const policy = JSON.parse(Buffer.from(d.policy, 'base64').toString());
      expect(policy.conditions).toContainEqual(['starts-with', '$key', `product/v${v.vendorId}/`]);
      expect(new Date(policy.expiration).getTime()).toBeGreaterThan(Date.now());
      expect((await post(oss, API.ossToken, {}, { token: v.token, query: { type: '../x' } })).body.msg).toBe(UPLOAD_DIR_INVALID);
    } finally {
      await oss.close();
    }
  });
});
