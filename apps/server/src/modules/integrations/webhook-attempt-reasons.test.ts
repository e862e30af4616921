import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { webhookFailureText } from '@portal/domain/webhook-failures';
import { createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { failureOfError } from './attempt-failure';
import { postWebhook } from './delivery';
import { startReceiver, startStreamingReceiver, until } from './webhooks.fixtures';

// Review integrations #3 (decision 296): each attempt of 发送记录 says in Chinese why it failed and what
// to fix — against real receivers on this machine — and keeps the status when one came.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
const closers: Array<() => Promise<unknown>> = [];
beforeAll(async () => {
  // One attempt each (the retry is an hour away), a 1-second deadline, room for every case at once.
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '50', WEBHOOK_RETRY_BASE_SECONDS: '3600', WEBHOOK_TIMEOUT_SECONDS: '1', WEBHOOK_CONCURRENCY: '40' });
  v = await createVendor(t);
});
afterAll(async () => {
  await t.close();
  await Promise.all(closers.map((c) => c()));
});

/** A plain HTTP server on 127.0.0.1 that handles each request (after its body) as told. */
async function serve(handle: Parameters<typeof createHttpServer>[1]) {
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => handle!(req, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
}

/** A port nothing listens on: bound, then closed. */
async function refusingUrl() {
  const s = createTcpServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return `http://127.0.0.1:${port}/hook`;
}

/** Registers `url`, sends the test event and answers its delivery row once the first attempt is recorded. */
async function firstAttempt(url: string) {
  const hook = (await post(t, API.webhooks, { url, events: ['wallet.moved'] }, { token: v.token })).body.data;
  expect((await post(t, API.webhookTest(hook.id), {}, { token: v.token })).body.code).toBe(200);
  const row = async () => (await get(t, API.webhookDeliveries(hook.id), { token: v.token, query: { pageNum: 1, pageSize: 10 } })).body.rows[0];
  await until(async () => (await row()).attemptLog.length === 1, 8000, `the attempt to ${url}`);
  return { endpointId: hook.id as number, row: await row() };
}

const ENGLISH = /ECONN|EPIPE|socket|hang up|HTTP \d|within|ms\b|endpoint|removed|getaddrinfo|ENOTFOUND|EAI_/;

describe('发送记录: why an attempt failed', () => {
  it('names refused, closed, redirected, failing, trickling and unresolvable receivers in Chinese, with the status received', async () => {
    const trickle = await startStreamingReceiver('trickle', 200);
    closers.push(() => trickle.close());
    const failing = await startReceiver(() => 500);
    closers.push(() => failing.close());
    const urls = {
      refused: await refusingUrl(),
      closed: await serve((req) => req.socket.destroy()),
      closedMidAnswer: await serve((_req, res) => {
        res.writeHead(200, { 'content-length': '100' });
        res.write('a', () => res.destroy());
      }),
      redirect: await serve((_req, res) => res.writeHead(302, { location: 'https://example.com/hook' }).end()),
      failing: failing.url,
      trickle: trickle.url,
      unresolvable: 'http://no-such-receiver.invalid/hook',
    };
    const got = Object.fromEntries(await Promise.all(Object.entries(urls).map(async ([k, url]) => [k, await firstAttempt(url)] as const)));
    const expected = {
      refused: { statusCode: null, error: webhookFailureText({ kind: 'refused' }) },
      closed: { statusCode: null, error: webhookFailureText({ kind: 'closed', status: null }) },
      closedMidAnswer: { statusCode: 200, error: webhookFailureText({ kind: 'closed', status: 200 }) },
      redirect: { statusCode: 302, error: webhookFailureText({ kind: 'redirect', status: 302 }) },
      failing: { statusCode: 500, error: webhookFailureText({ kind: 'status', status: 500 }) },
      trickle: { statusCode: 200, error: webhookFailureText({ kind: 'timeout', seconds: 1, status: 200 }) },
      unresolvable: { statusCode: null, error: webhookFailureText({ kind: 'unresolvable' }) },
    };
    for (const [k, want] of Object.entries(expected)) {
      const { row } = got[k]!;
      expect(row.attemptLog[0], k).toMatchObject(want);
      expect(row, k).toMatchObject({ status: 'pending', lastStatus: want.statusCode, lastError: want.error });
      expect(row.lastError, k).not.toMatch(ENGLISH);
    }
    // the texts as the review asked for them
    expect(got.refused!.row.lastError).toMatch(/^连接被拒绝/);
    expect(got.closed!.row.lastError).toMatch(/^对方关闭了连接/);
    expect(got.trickle!.row.lastError).toMatch(/^1秒内未收到完整应答（已收到状态码200）/);
    expect(got.redirect!.row.lastError).toBe('返回302重定向：推送不跟随重定向，请填写最终地址');
    expect(got.failing!.row.lastError).toMatch(/^返回状态码500/);
    expect(got.unresolvable!.row.lastError).toMatch(/^域名无法解析/);

    // removing the endpoint ends its waiting delivery with a reason in Chinese too
    expect((await post(t, API.webhookRemove(got.failing!.endpointId), {}, { token: v.token })).body.code).toBe(200);
    const removed = await t.db.selectFrom('webhook_deliveries').select(['status', 'last_error']).where('endpoint_id', '=', got.failing!.endpointId).executeTakeFirstOrThrow();
    expect(removed).toEqual({ status: 'failed', last_error: webhookFailureText({ kind: 'removed' }) });
  });

  it('calls an address refused at connect time private, in Chinese', async () => {
    const err = await postWebhook('http://127.0.0.1:9/hook', {}, '{}', 1000, false).catch((e: unknown) => e);
    expect(webhookFailureText(failureOfError(err))).toBe('接收地址指向内网或保留地址，已拒绝发送：请填写公网地址');
  });

  it('the migration rewrites the English reasons already stored, and leaves Chinese ones', async () => {
    const w = await createVendor(t);
    const ep = (await post(t, API.webhooks, { url: 'http://127.0.0.1:9/x', events: ['wallet.moved'] }, { token: w.token })).body.data.id as number;
    const now = new Date().toISOString();
    const stored: Array<[string | null, number | null, string | null]> = [
      ['connect ECONNREFUSED 127.0.0.1:19399', null, '连接被拒绝：接收地址的端口上没有服务在监听，请检查地址、端口和接收服务'],
      ['socket hang up', null, '对方关闭了连接，未返回应答：请检查接收服务'],
      ['read ECONNRESET', null, '对方关闭了连接，未返回应答：请检查接收服务'],
      ['no complete answer within 10000 ms', null, '10秒内未收到应答：请在10秒内返回完整应答'],
      ['HTTP 302', 302, '返回302重定向：推送不跟随重定向，请填写最终地址'],
      ['HTTP 500', 500, '返回状态码500：须返回 2xx 才算送达，请检查接收服务'],
      ['getaddrinfo ENOTFOUND nope.example', null, '域名无法解析：请检查接收地址的域名'],
      ['connect EHOSTUNREACH 10.0.0.1:80', null, '无法连接到接收地址：网络不可达或连接超时，请检查地址和防火墙'],
      ['self-signed certificate', null, 'HTTPS 证书校验失败：请为接收地址配置有效的证书'],
      ['endpoint removed', null, '接收地址已删除，事件未发送'],
      ['接收地址指向内网或保留地址，已拒绝发送', null, '接收地址指向内网或保留地址，已拒绝发送：请填写公网地址'],
      ['write EPROTO 1234:error:something', null, 'HTTPS 证书校验失败：请为接收地址配置有效的证书'],
      ['Something unexpected', null, '网络错误，未能完成发送：请检查接收服务'],
      ['connect ECONNABORTED', null, '对方关闭了连接，未返回应答：请检查接收服务'],
      ['connect EXYZ 1.2.3.4', null, '网络错误（EXYZ），未能完成发送：请检查接收服务'],
      ['返回状态码404：须返回 2xx 才算送达，请检查接收服务', 404, '返回状态码404：须返回 2xx 才算送达，请检查接收服务'],
      [null, 200, null],
    ];
    const ids: number[] = [];
    for (const [i, [error, status]] of stored.entries()) {
      const d = await t.db
        .insertInto('webhook_deliveries')
        .values({ vendor_id: w.vendorId, endpoint_id: ep, message_id: `msg_old_${i}`, event_type: 'wallet.moved', payload: '{}', status: 'failed', next_at: 0, retry_until: 0, last_status: status, last_error: error, created_at: now, done_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.insertInto('webhook_attempts').values({ delivery_id: d.id, status_code: status, error, duration_ms: 3, created_at: now }).execute();
      ids.push(d.id);
    }
    const migration = await import('../../db/migrations/2026-12-31-310-webhook-attempt-reasons');
    await migration.up(t.db as unknown as Kysely<any>);
    const rows = await t.db.selectFrom('webhook_deliveries').select(['id', 'last_error']).where('id', 'in', ids).orderBy('id').execute();
    const attempts = await t.db.selectFrom('webhook_attempts').select(['delivery_id', 'error']).where('delivery_id', 'in', ids).orderBy('delivery_id').execute();
    expect(rows.map((r) => r.last_error)).toEqual(stored.map((s) => s[2]));
    expect(attempts.map((a) => a.error)).toEqual(stored.map((s) => s[2]));
  });
});
