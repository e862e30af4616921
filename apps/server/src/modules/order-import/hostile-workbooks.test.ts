import { randomBytes } from 'node:crypto';
import { get as httpGet } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, OPS_API } from '@portal/domain/api-paths';
import { IMPORT_MSG } from '@portal/domain/order-import';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { createVendor, startTestApp, type TestApp } from '../../../test/helper';
import { startWorkersServer, type WorkersServer } from '../../../test/spawn-server';
import { createProduct } from '../orders/orders.fixtures';
import { fillWorkbook, validRow } from './order-import.fixtures';
import { workbookBomb, workbookWithRows } from './hostile-workbooks.fixtures';

// Issue 44, finding 1 (decisions 222, 223): a 1.9 MB workbook whose sheet inflates to 1.9 GB behind zip
// headers declaring 1,000 bytes killed the server process after 9–10 s; two killed both processes. Now
// whatever an upload does, the answer is a Chinese 400 within 2 s and the processes live on.

let t: TestApp;
let server: WorkersServer;
let v: Awaited<ReturnType<typeof createVendor>>;
let model = '';

beforeAll(async () => {
  t = await startTestApp();
  server = await startWorkersServer(t);
  v = await createVendor(t);
  model = 'HOSTILE-1';
  await createProduct(t, v.vendorId, v.userId, { model });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await t?.close();
});

/** The server's process ids, each answer over its own connection (so both processes of WORKERS=2 answer). */
async function processIds(): Promise<Set<number>> {
  const one = () =>
    new Promise<number>((resolve, reject) => {
      httpGet(`${server.base}${OPS_API.health}`, { agent: false }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve(JSON.parse(body).data.pid));
      }).on('error', reject);
    });
  return new Set(await Promise.all(Array.from({ length: 24 }, one)));
}

/** A signed multipart upload to the import (preview) over HTTP, timed. */
async function upload(file: Buffer, path: string = API.orderImport) {
  const query = path === API.orderImport ? 'dryRun=1' : '';
  const boundary = `----hostile${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="orders.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const timestamp = String(freshTimestamp());
  const signature = sign(t.config.SIGN_KEY, { method: 'POST', path, rawQuery: query, timestamp, token: v.token, body: '' });
  const started = Date.now();
  const res = await fetch(`${server.base}${path}${query ? `?${query}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, role: 'manufacturer', timestamp, token: v.token, signature },
    body,
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { ms: Date.now() - started, status: res.status, body: json, text };
}

describe('hostile workbooks (WORKERS=2)', () => {
  it('the lying-header bomb (1.9 MB inflating to 1.9 GB, declared 1,000 bytes): a Chinese 400 within 2 s, the same processes alive', async () => {
    const bomb = await workbookBomb(1.9e9);
    const before = await processIds();
    expect(before.size).toBe(2);
    const r = await upload(bomb);
    // An entry that inflates past the size it declares is a broken (forged) file.
    expect(r.body, r.text).toMatchObject({ code: 400, msg: IMPORT_MSG.fileInvalid });
    expect(r.ms).toBeLessThan(2000);
    expect((await server.call('GET', OPS_API.health)).body).toMatchObject({ code: 200, data: { status: 'up' } });
    expect(await processIds()).toEqual(before);
  }, 60_000);

  it('two bombs at once: both answered within 2 s, both processes alive, and a good file imports after', async () => {
    const bomb = await workbookBomb(1.9e9);
    const before = await processIds();
    const [a, b] = await Promise.all([upload(bomb), upload(bomb)]);
    for (const r of [a, b]) {
      expect(r.body, r.text).toMatchObject({ code: 400, msg: IMPORT_MSG.fileInvalid });
      expect(r.ms).toBeLessThan(2000);
    }
    expect(await processIds()).toEqual(before);
    const good = await upload(await fillWorkbook([validRow(model)]));
    expect(good.body).toMatchObject({ code: 200, data: { errors: [] } });
  }, 60_000);

  it('a 100,000-row file is refused (每次最多导入1000行) within 2 s; so is one inflating honestly to 300 MB', async () => {
    const rows = await upload(await workbookWithRows(100_000));
    expect(rows.body, rows.text).toMatchObject({ code: 400, msg: IMPORT_MSG.tooManyRows });
    expect(rows.ms).toBeLessThan(2000);
    const honest = await upload(await workbookBomb(300e6, null));
    expect(honest.body, honest.text).toMatchObject({ code: 400, msg: IMPORT_MSG.unpackedTooLarge });
    expect(honest.ms).toBeLessThan(2000);
  }, 60_000);

  it('the 错误原因 workbook route refuses the same files the same way', async () => {
    const before = await processIds();
    const r = await upload(await workbookBomb(1.9e9), API.orderImportResult);
    expect(r.body, r.text).toMatchObject({ code: 400, msg: IMPORT_MSG.fileInvalid });
    expect(r.ms).toBeLessThan(2000);
    const rows = await upload(await workbookWithRows(100_000), API.orderImportResult);
    expect(rows.body).toMatchObject({ code: 400, msg: IMPORT_MSG.tooManyRows });
    expect(await processIds()).toEqual(before);
  }, 60_000);
});
