import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { CODE } from '@portal/domain/codes';
import { MSG } from '@portal/domain/messages';
import { RATE_LIMITED } from '../../plugins/rate-limit';
import { createVendor, post, startTestApp, type TestApp } from '../../../test/helper';
import { startWorkersServer, type WorkersServer } from '../../../test/spawn-server';
import { createProduct, fund, orderPayload } from '../orders/orders.fixtures';
import { keyHeaders } from './webhooks.fixtures';

// The per-key budget (decision 168) is spent only by calls that prove the key; a call whose signature
// fails counts against its sender's address instead (decision 295). Proved with calls fired at once.
const LIMIT = 600;
const ENV = { RATE_LIMIT_APIKEY: String(LIMIT), WEBHOOK_POLL_MS: '0' };
const STRANGER = '10.20.0.1';
const OWNER = '10.20.0.2';

interface Answer {
  code: number;
  msg: string;
  retryAfter: string | null;
}

const badHeaders = (keyId: string) => ({ apikey: keyId, timestamp: String(Date.now()), signature: 'deadbeef' });

async function newKey(t: TestApp, token: string): Promise<{ keyId: string; secret: string }> {
  return (await post(t, API.openapiKeys, { name: 'ERP' }, { token })).body.data;
}

/** `n` calls in rounds of `round` fired at once. */
async function inRounds(n: number, round: number, one: () => Promise<Answer>) {
  const all: Answer[] = [];
  for (let done = 0; done < n; done += round) all.push(...(await Promise.all(Array.from({ length: Math.min(round, n - done) }, one))));
  return all;
}

const count = (answers: Answer[], test: (a: Answer) => boolean) => answers.filter(test).length;
const limited = (a: Answer) => a.code === 400 && a.msg === RATE_LIMITED && Number(a.retryAfter) > 0;
const badSignature = (a: Answer) => a.code === CODE.badSignature && a.msg === MSG.badSignature;

describe('API key rate limit, one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(ENV);
  });
  afterAll(async () => t?.close());

  const inject = async (headers: Record<string, string>, remoteAddress: string, method: 'GET' | 'POST' = 'GET', url: string = API.productList, payload?: string): Promise<Answer> => {
    const res = await t.app.inject({ method, url, headers, remoteAddress, payload });
    const body = res.json();
    return { code: body.code, msg: body.msg, retryAfter: (res.headers['retry-after'] as string | undefined) ?? null };
  };

  it('650 badly signed calls with a key id: 600 told 签名错误, then the sender is limited by address; the owner still reads and writes', async () => {
    const w = await createVendor(t);
    const prod = await createProduct(t, w.vendorId, w.userId);
    await fund(t, w.vendorId, 50_000);
    const { keyId, secret } = await newKey(t, w.token);

    const flood = await inRounds(650, 130, () => inject(badHeaders(keyId), STRANGER));
    expect(count(flood, badSignature)).toBe(LIMIT);
    expect(count(flood, limited)).toBe(50);

    // The owner's signed read and write go through: the stranger spent nothing of the key's budget.
    const read = await inject(keyHeaders(keyId, secret, 'GET', API.productList, '', ''), OWNER);
    expect(read).toMatchObject({ code: 200 });
    const body = JSON.stringify(orderPayload([prod]));
    const write = await inject(keyHeaders(keyId, secret, 'POST', API.orderAdd, '', body), OWNER, 'POST', API.orderAdd, body);
    expect(write).toMatchObject({ code: 200 });

    // The stranger's address stays refused for the window, whatever it sends; a stale timestamp is a failure too.
    expect(limited(await inject(badHeaders(keyId), STRANGER))).toBe(true);
    expect(limited(await inject(keyHeaders(keyId, secret, 'GET', API.productList, '', ''), STRANGER))).toBe(true);
    const other = '10.20.0.3';
    expect(badSignature(await inject(keyHeaders(keyId, secret, 'GET', API.productList, '', '', Date.now() - 3_600_000), other))).toBe(true);
    // The web app's own calls (no apikey header) are never counted here.
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: API.productList, remoteAddress: STRANGER })).json().code).toBe(CODE.badSignature);
  }, 60_000);

  it('650 signed calls at once, three keys in turn: exactly 600 served per key, 50 refused with Retry-After', async () => {
    const w = await createVendor(t);
    for (let round = 0; round < 3; round++) {
      const { keyId, secret } = await newKey(t, w.token);
      const answers = await Promise.all(Array.from({ length: 650 }, () => inject(keyHeaders(keyId, secret, 'GET', API.productList, '', ''), OWNER)));
      expect(count(answers, (a) => a.code === 200)).toBe(LIMIT);
      expect(count(answers, limited)).toBe(50);
    }
  }, 120_000);
});

describe('API key rate limit with WORKERS=2 on one database', () => {
  let t: TestApp;
  let server: WorkersServer;
  beforeAll(async () => {
    t = await startTestApp(ENV);
    // The test's calls all come from 127.0.0.1: the forwarded address stands for the sender.
    server = await startWorkersServer(t, { ...ENV, TRUST_PROXY: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await t?.close();
  });

  const send = async (headers: Record<string, string>, from: string): Promise<Answer> => {
    const res = await fetch(server.base + API.productList, { headers: { ...headers, 'x-forwarded-for': from } });
    const body = (await res.json()) as { code: number; msg: string };
    return { code: body.code, msg: body.msg, retryAfter: res.headers.get('retry-after') };
  };

  it('across both processes: 650 signed calls give exactly 600; 650 badly signed ones leave the owner served', async () => {
    const w = await createVendor(t);
    const signed = await newKey(t, w.token);
    const answers = await Promise.all(Array.from({ length: 650 }, () => send(keyHeaders(signed.keyId, signed.secret, 'GET', API.productList, '', ''), OWNER)));
    expect(count(answers, (a) => a.code === 200)).toBe(LIMIT);
    expect(count(answers, limited)).toBe(50);

    const target = await newKey(t, w.token);
    const flood = await inRounds(650, 325, () => send(badHeaders(target.keyId), STRANGER));
    expect(count(flood, badSignature)).toBe(LIMIT);
    expect(count(flood, limited)).toBe(50);
    const owner = await Promise.all(Array.from({ length: 10 }, () => send(keyHeaders(target.keyId, target.secret, 'GET', API.productList, '', ''), OWNER)));
    expect(owner.every((a) => a.code === 200)).toBe(true);
  }, 120_000);
});
