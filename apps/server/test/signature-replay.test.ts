import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { CODE } from '@portal/domain/codes';
import { SIGNATURE_MSG } from '@portal/domain/signature';
import { createProduct, fund, orderPayload } from '../src/modules/orders/orders.fixtures';
import { keyHeaders } from '../src/modules/integrations/webhooks.fixtures';
import { createVendor, post, startTestApp, type TestApp } from './helper';
import { startWorkersServer, type WorkersServer } from './spawn-server';

// Issue 44, finding 3 (decision 225): one signed write sent 3 times at once and once more later made 4
// orders. A write's signature is now accepted once — claimed in the database, so the refusal holds
// across the two processes of WORKERS=2 — and an honest retry signs again with a new timestamp.

let t: TestApp;
let server: WorkersServer;
let v: Awaited<ReturnType<typeof createVendor>>;
let product: number;

beforeAll(async () => {
  t = await startTestApp();
  server = await startWorkersServer(t);
  v = await createVendor(t);
  product = await createProduct(t, v.vendorId, v.userId);
  await fund(t, v.vendorId, 1_000_000);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await t?.close();
});

const orderCount = async () =>
  Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('vendor_id', '=', v.vendorId).executeTakeFirstOrThrow()).n);
const replayed = { code: CODE.badSignature, msg: SIGNATURE_MSG.reused };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a signed write is accepted once (WORKERS=2)', () => {
  it('the same signed order sent 3 times at once and once more later: one order, the rest refused in Chinese; a new timestamp passes', async () => {
    const before = await orderCount();
    const body = orderPayload([product], { realName: '重放测试' });
    const timestamp = Date.now();
    const send = () => server.call('POST', API.orderAdd, body, { token: v.token, timestamp });
    const first = await Promise.all([send(), send(), send()]);
    expect(first.filter((r) => r.body.code === 200)).toHaveLength(1);
    for (const r of first.filter((x) => x.body.code !== 200)) expect(r.body).toMatchObject(replayed);
    await pause(1500);
    expect((await send()).body).toMatchObject(replayed);
    expect(await orderCount()).toBe(before + 1);
    // The client's honest retry signs again.
    expect((await server.call('POST', API.orderAdd, body, { token: v.token, timestamp: Date.now() })).body.code).toBe(200);
    expect(await orderCount()).toBe(before + 2);
  }, 30_000);

  it('the same for a call signed with an open API key', async () => {
    const { keyId, secret } = (await post(t, API.openapiKeys, { name: 'ERP' }, { token: v.token })).body.data;
    const before = await orderCount();
    const body = orderPayload([product], { realName: '密钥重放' });
    const headers = keyHeaders(keyId, secret, 'POST', API.orderAdd, '', JSON.stringify(body));
    const send = () => server.call('POST', API.orderAdd, body, { unsigned: true, headers });
    const first = await Promise.all([send(), send(), send()]);
    expect(first.filter((r) => r.body.code === 200)).toHaveLength(1);
    for (const r of first.filter((x) => x.body.code !== 200)) expect(r.body).toMatchObject(replayed);
    await pause(1500);
    expect((await send()).body).toMatchObject(replayed);
    expect(await orderCount()).toBe(before + 1);
    const again = keyHeaders(keyId, secret, 'POST', API.orderAdd, '', JSON.stringify(body), Date.now() + 1);
    expect((await server.call('POST', API.orderAdd, body, { unsigned: true, headers: again })).body.code).toBe(200);
    expect(await orderCount()).toBe(before + 2);
  }, 30_000);

  it('refuses a repeat even when the first was refused, and never a read', async () => {
    const timestamp = Date.now();
    const bad = () => server.call('POST', API.orderAdd, { parole: 1 }, { token: v.token, timestamp });
    expect((await bad()).body.code).toBe(400);
    expect((await bad()).body).toMatchObject(replayed);
    const read = () => server.call('GET', API.orderList, undefined, { token: v.token, timestamp });
    const reads = await Promise.all([read(), read(), read()]);
    expect(reads.map((r) => r.body.code)).toEqual([200, 200, 200]);
  }, 30_000);

  it('in this process too, on this database', async () => {
    const before = await orderCount();
    const body = orderPayload([product], { realName: '进程内重放' });
    const timestamp = Date.now();
    const answers = await Promise.all([1, 2, 3, 4].map(() => post(t, API.orderAdd, body, { token: v.token, timestamp })));
    expect(answers.map((a) => a.body.code).sort((a, b) => a - b)).toEqual([200, CODE.badSignature, CODE.badSignature, CODE.badSignature]);
    expect(await orderCount()).toBe(before + 1);
  });
});
