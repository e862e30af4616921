import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { CODE } from '@portal/domain/codes';
import { INTEGRATION_MSG, API_KEYS_MAX, WEBHOOK_EVENTS } from '@portal/domain/integrations';
import { MSG } from '@portal/domain/messages';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { createOperator, createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { SAMPLE, upload } from '../../../test/upload';
import { balanceOf, createProduct, fund, orderPayload } from '../orders/orders.fixtures';
import { purgeExpired } from '../../db/purge';
import { emitDomainEvent } from '../../lib/domain-events';
import { postWebhook } from './delivery';
import { assertPublicUrl, isPrivateAddress, UrlRefused } from './ssrf';
import { keyHeaders, startReceiver, startStreamingReceiver, until, verifyWebhook, type Receiver } from './webhooks.fixtures';

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
let receiver: Receiver;
let failing = 0;
beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '50', WEBHOOK_RETRY_BASE_SECONDS: '0.2', WEBHOOK_TIMEOUT_SECONDS: '10', RATE_LIMIT_APIKEY: '0' });
  v = await createVendor(t);
  op = await createOperator(t);
  // Answers 500 to the first `failing` test events it sees, then 200.
  receiver = await startReceiver((r, seen) => (r.json.type === 'webhook.test' && seen.filter((s) => s.id === r.id).length <= failing ? 500 : 200));
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** A call signed with an API key, as a vendor's own server makes it. */
async function keyCall(keyId: string, secret: string, method: 'GET' | 'POST', path: string, body?: unknown, query: Record<string, string> = {}, timestamp?: number) {
  const rawQuery = new URLSearchParams(query).toString();
  const payload = body === undefined ? '' : JSON.stringify(body);
  const res = await t.app.inject({ method, url: rawQuery ? `${path}?${rawQuery}` : path, headers: keyHeaders(keyId, secret, method, path, rawQuery, payload, timestamp), payload: payload || undefined });
  return res.json();
}

describe('API keys', () => {
  it('a key creates, pays, reads, lists and cancels orders as the main account; a revoked key is refused', async () => {
    const w = await createVendor(t);
    const prod = await createProduct(t, w.vendorId, w.userId);
    await fund(t, w.vendorId, 50000);
    const created = await post(t, API.openapiKeys, { name: 'ERP' }, { token: w.token });
    expect(created.body).toMatchObject({ code: 200, msg: INTEGRATION_MSG.keyCreated, data: { keyId: expect.stringMatching(/^ak_/), secret: expect.stringMatching(/^sk_/) } });
    const { keyId, secret } = created.body.data;
    // stored hashed: the secret is nowhere in the database
    const row = await t.db.selectFrom('api_keys').selectAll().where('key_id', '=', keyId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);

    const products = await keyCall(keyId, secret, 'GET', API.productList, undefined, { pageNum: '1', pageSize: '10' });
    expect(products).toMatchObject({ code: 200, total: 1 });
    const add = await keyCall(keyId, secret, 'POST', API.orderAdd, orderPayload([prod]));
    expect(add).toMatchObject({ code: 200 });
    const id = add.data as number;
    expect(await keyCall(keyId, secret, 'POST', API.orderPay(id), {})).toMatchObject({ code: 200 });
    expect(await balanceOf(t, w.vendorId)).toBe(50000 - 10000);
    expect(await keyCall(keyId, secret, 'GET', API.order(id))).toMatchObject({ code: 200, data: { status: 200 } });
    expect(await keyCall(keyId, secret, 'GET', API.orderList, undefined, { pageNum: '1', pageSize: '10' })).toMatchObject({ code: 200, total: 1 });
    const second = (await keyCall(keyId, secret, 'POST', API.orderAdd, orderPayload([prod]))).data as number;
    expect(await keyCall(keyId, secret, 'POST', API.orderCancel, { ids: [second], closeRemark: '客户取消' })).toMatchObject({ code: 200, msg: MSG.cancelOk });
    // the orders were made by the main account
    const orders = await t.db.selectFrom('orders').select(['created_by', 'vendor_id']).where('vendor_id', '=', w.vendorId).execute();
    expect(orders.every((o) => o.created_by === w.userId)).toBe(true);

    // other routes, another vendor's order, a wrong secret, an old timestamp
    expect(await keyCall(keyId, secret, 'GET', API.wallet)).toMatchObject({ code: CODE.forbidden, msg: INTEGRATION_MSG.keyRouteRefused });
    expect(await keyCall(keyId, secret, 'GET', API.openapiKeys)).toMatchObject({ code: CODE.forbidden });
    const other = await createVendor(t);
    const otherProd = await createProduct(t, other.vendorId, other.userId);
    const otherOrder = (await post(t, API.orderAdd, orderPayload([otherProd]), { token: other.token })).body.data;
    expect((await keyCall(keyId, secret, 'GET', API.order(otherOrder))).code).toBe(404);
    expect(await keyCall(keyId, `${secret}x`, 'GET', API.orderList)).toMatchObject({ code: CODE.badSignature, msg: MSG.badSignature });
    expect(await keyCall(keyId, secret, 'GET', API.orderList, undefined, {}, Date.now() - 10 * 60_000)).toMatchObject({ code: CODE.badSignature });
    expect(await keyCall('ak_nosuchkey', secret, 'GET', API.orderList)).toMatchObject({ code: CODE.badSignature });

    const list = await get(t, API.openapiKeys, { token: w.token });
    expect(list.body.data).toEqual([expect.objectContaining({ keyId, name: 'ERP', lastUsedAt: expect.any(String) })]);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect((await post(t, API.openapiKeyRemove(list.body.data[0].id), {}, { token: w.token })).body).toMatchObject({ code: 200, msg: INTEGRATION_MSG.keyRevoked });
    expect(await keyCall(keyId, secret, 'GET', API.orderList)).toMatchObject({ code: CODE.unauthorized, msg: INTEGRATION_MSG.keyInvalid });
    expect(await keyCall(keyId, secret, 'POST', API.orderAdd, orderPayload([prod]))).toMatchObject({ code: CODE.unauthorized });
    expect((await get(t, API.openapiKeys, { token: w.token })).body.data).toEqual([]);
    // another vendor cannot revoke or see the key
    expect((await post(t, API.openapiKeyRemove(row.id), {}, { token: other.token })).body.code).toBe(404);
  });

  it('is for the main account only, and at most API_KEYS_MAX live keys even when asked in parallel', async () => {
    const w = await createVendor(t);
    const sub = await createSubAccount(t, w.vendorId, [11, 12, 13]);
    expect((await post(t, API.openapiKeys, {}, { token: sub.token })).body.code).toBe(CODE.forbidden);
    expect((await post(t, API.webhooks, { url: receiver.url, events: ['wallet.moved'] }, { token: sub.token })).body.code).toBe(CODE.forbidden);
    const results = await Promise.all(Array.from({ length: API_KEYS_MAX + 5 }, () => post(t, API.openapiKeys, {}, { token: w.token })));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(API_KEYS_MAX);
    expect(results.filter((r) => r.body.code === 400).map((r) => r.body.msg)).toEqual(Array(5).fill(INTEGRATION_MSG.keysLimit));
    expect((await post(t, API.openapiKeys, { name: 'x'.repeat(31) }, { token: w.token })).body).toMatchObject({ code: 400 });
  });

  it('limits calls per key (RATE_LIMIT_APIKEY a window)', async () => {
    const t2 = await startTestApp({ RATE_LIMIT_APIKEY: '3', WEBHOOK_POLL_MS: '0' });
    try {
      const w = await createVendor(t2);
      const k = (await post(t2, API.openapiKeys, {}, { token: w.token })).body.data;
      const callOnce = async () => (await t2.app.inject({ method: 'GET', url: API.orderList, headers: keyHeaders(k.keyId, k.secret, 'GET', API.orderList, '', '') })).json();
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await callOnce()).code);
      expect(codes).toEqual([200, 200, 200, 400, 400]);
      // the web app's own calls are not counted against the key
      for (let i = 0; i < 5; i++) expect((await get(t2, API.orderList, { token: w.token })).body.code).toBe(200);
    } finally {
      await t2.close();
    }
  });
});

describe('webhooks', () => {
  it('refuses private and loopback addresses unless WEBHOOK_ALLOW_PRIVATE', async () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '192.168.1.1', '172.20.0.1', '169.254.169.254', '::1', '::ffff:127.0.0.1', 'fd00::1', '0.0.0.0', '100.64.0.1']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '114.114.114.114', '2400:3200::1']) expect(isPrivateAddress(a), a).toBe(false);
    await expect(assertPublicUrl('http://localhost:8080/x', false)).rejects.toThrow();
    await expect(assertPublicUrl('http://[::1]/x', false)).rejects.toThrow();
    await expect(assertPublicUrl('http://127.0.0.1/x', true)).resolves.toBeUndefined();
    // at delivery time too: an address literal, and a name whose DNS answer is private (rebinding)
    await expect(postWebhook(receiver.url, {}, '{}', 2000, false)).rejects.toBeInstanceOf(UrlRefused);
    await expect(postWebhook(receiver.url.replace('127.0.0.1', 'localhost'), {}, '{}', 2000, false)).rejects.toBeInstanceOf(UrlRefused);
    const before = receiver.seen.length;
    expect(await postWebhook(receiver.url, { 'content-type': 'application/json' }, '{"type":"x","id":"y","createdAt":"","data":{}}', 2000, true)).toBe(200);
    expect(receiver.seen.length).toBe(before + 1);
    t.config.WEBHOOK_ALLOW_PRIVATE = false;
    try {
      expect((await post(t, API.webhooks, { url: receiver.url, events: ['wallet.moved'] }, { token: v.token })).body).toMatchObject({ code: 400, msg: INTEGRATION_MSG.urlPrivate });
      expect((await post(t, API.webhooks, { url: 'http://localhost/x', events: ['wallet.moved'] }, { token: v.token })).body).toMatchObject({ code: 400, msg: INTEGRATION_MSG.urlPrivate });
    } finally {
      t.config.WEBHOOK_ALLOW_PRIVATE = true;
    }
    expect((await post(t, API.webhooks, { url: 'ftp://example.com/x', events: ['wallet.moved'] }, { token: v.token })).body).toMatchObject({ code: 400, msg: INTEGRATION_MSG.urlInvalid });
    expect((await post(t, API.webhooks, { url: receiver.url, events: [] }, { token: v.token })).body).toMatchObject({ code: 400, msg: INTEGRATION_MSG.eventsRequired });
    expect((await post(t, API.webhooks, { url: receiver.url, events: ['order.nope'] }, { token: v.token })).body).toMatchObject({ code: 400, msg: INTEGRATION_MSG.eventUnknown });
  });

  it('classifies every special address by ipaddr.js: IPv4-compatible, -mapped, NAT64, 6to4, multicast, broadcast, unspecified (issue 44)', async () => {
    const refused = [
      '::7f00:1', '::127.0.0.1', '0:0:0:0:0:0:7f00:1', '::a00:1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a00:1',
      '64:ff9b:1::1', '2002:7f00:1::1', '2002:808:808::1', '2001::1', 'ff02::1', 'ff0e::1', '224.0.0.1', '239.255.255.250', '255.255.255.255',
      '0.0.0.0', '::', '0.1.2.3', 'fe80::1', 'fe80::1%eth0', 'fc00::1', '198.18.0.1', '192.0.2.1', '240.0.0.1', '::ffff:0:7f00:1', 'not-an-address',
    ];
    for (const a of refused) expect(isPrivateAddress(a), a).toBe(true);
    // NAT64 (DNS64 networks) and IPv4-mapped spellings of a public address stand for that address
    for (const a of ['8.8.8.8', '1.1.1.1', '2400:3200::1', '2606:4700::1111', '64:ff9b::808:808', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
    await expect(postWebhook('http://[::7f00:1]:9/x', {}, '{}', 2000, false)).rejects.toBeInstanceOf(UrlRefused);
    t.config.WEBHOOK_ALLOW_PRIVATE = false;
    try {
      const port = new URL(receiver.url).port;
      for (const url of [`http://[::7f00:1]:${port}/hook`, `http://[::127.0.0.1]:${port}/hook`, `http://[64:ff9b::7f00:1]:${port}/`, `http://[2002:7f00:1::]:${port}/`, ` http://[::7f00:1]:${port}/hook`, `http://0x7f000001:${port}/`, `http://2130706433:${port}/`, `http://0177.0.0.1:${port}/`]) {
        expect((await post(t, API.webhooks, { url, events: ['wallet.moved'] }, { token: v.token })).body, url).toMatchObject({ code: 400, msg: INTEGRATION_MSG.urlPrivate });
      }
      // whitespace: trimmed at the ends (stored as the parsed address), refused inside
      for (const url of ['http://exa\tmple.com/hook', 'http://example.com/\nhook', 'http://exam ple.com/']) {
        expect((await post(t, API.webhooks, { url, events: ['wallet.moved'] }, { token: v.token })).body, url).toMatchObject({ code: 400, msg: INTEGRATION_MSG.urlInvalid });
      }
      const made = await post(t, API.webhooks, { url: '  http://8.8.8.8/Hook?a=1 \u3000', events: ['wallet.moved'] }, { token: v.token });
      expect(made.body.code).toBe(200);
      const row = await t.db.selectFrom('webhook_endpoints').select('url').where('id', '=', made.body.data.id).executeTakeFirstOrThrow();
      expect(row.url).toBe('http://8.8.8.8/Hook?a=1');
      expect((await post(t, API.webhookRemove(made.body.data.id), {}, { token: v.token })).body.code).toBe(200);
    } finally {
      t.config.WEBHOOK_ALLOW_PRIVATE = true;
    }
  });

  it('ends an attempt at its total deadline however slowly the answer trickles, and reads at most 64 KB of an answer (issue 44)', async () => {
    const trickle = await startStreamingReceiver('trickle', 200);
    const firehose = await startStreamingReceiver('firehose');
    try {
      let started = Date.now();
      await expect(postWebhook(trickle.url, {}, '{}', 1000, true)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(1800);
      await until(() => trickle.state.open === 0, 2000, 'the trickling connection closed');
      // headers at once, then an endless answer: the status counts, the rest is not read
      started = Date.now();
      expect(await postWebhook(firehose.url, {}, '{}', 5000, true)).toBe(200);
      expect(Date.now() - started).toBeLessThan(1500);
      await until(() => firehose.state.open === 0, 2000, 'the endless answer cut');
    } finally {
      await trickle.close();
      await firehose.close();
    }
  });

  it('delivers every node change of an order walked to completion, each signed, with wallet movements', async () => {
    const w = await createVendor(t);
    const prod = await createProduct(t, w.vendorId, w.userId);
    await fund(t, w.vendorId, 50000);
    const hook = await post(t, API.webhooks, { url: receiver.url, events: ['order.node_changed', 'wallet.moved'] }, { token: w.token });
    expect(hook.body).toMatchObject({ code: 200, data: { id: expect.any(Number), secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/=]+$/) } });
    const secret = hook.body.data.secret as string;
    const { keyId, secret: keySecret } = (await post(t, API.openapiKeys, {}, { token: w.token })).body.data;
    const id = (await keyCall(keyId, keySecret, 'POST', API.orderAdd, orderPayload([prod]))).data as number;
    expect(await keyCall(keyId, keySecret, 'POST', API.orderPay(id), {})).toMatchObject({ code: 200 });
    const act = async (action: string, body: Record<string, unknown> = {}) => {
      const r = await post(t, PLATFORM_ORDER_API.action(id, action as any), body, { token: op.token, role: 'platform' });
      expect(r.body, action).toMatchObject({ code: 200 });
    };
    const master = (await get(t, PLATFORM_ORDER_API.masters, { token: op.token, role: 'platform' })).body.data[0];
    await act('dispatch', { masterId: master.id });
    await act('accept');
    await act('appointment', { doorTime: '2099-01-01 15:30:00' });
    await act('checkIn');
    const pic = (await upload(t, op.token, { name: 'p.png', content: SAMPLE.png }, 'order', { platform: true })).body.data!.fileUrl;
    await act('requestCompletion', { pictures: [{ fileUrl: pic }], visitOverride: '客户不在场' });
    // a log line at the same node is not a node change
    await act('uploadPictures', { pictures: [{ fileUrl: pic }] });
    await act('complete');

    const detail = (await get(t, API.order(id), { token: w.token })).body.data;
    expect(detail).toMatchObject({ status: 700, node: 710 });
    const nodes = (detail.omsOperateRecordList as Array<{ node: number }>).map((l) => l.node).reverse().filter((n, i, all) => i === 0 || all[i - 1] !== n);
    const mine = () => receiver.seen.filter((r) => r.json.type === 'order.node_changed' && r.json.data.orderId === id);
    await until(() => mine().length >= nodes.length, 15_000, 'node changes');
    // received in the order they happened (one endpoint's events are sent one after another)
    const events = mine();
    expect(events.map((e) => e.json.data.node)).toEqual(nodes);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    for (const e of events) {
      expect(verifyWebhook(secret, { 'webhook-id': e.id, 'webhook-timestamp': e.timestamp, 'webhook-signature': e.signature }, e.body)).toBe(true);
      expect(e.json).toMatchObject({ type: 'order.node_changed', id: e.id, createdAt: expect.any(String), data: { orderId: id, orderNo: detail.orderNo, node: expect.any(Number), nodeName: expect.any(String), status: expect.any(Number) } });
    }
    expect(events.at(-1)!.json.data).toMatchObject({ node: 710, status: 700, nodeName: expect.any(String) });
    // a tampered body does not verify
    expect(verifyWebhook(secret, { 'webhook-id': events[0]!.id, 'webhook-timestamp': events[0]!.timestamp, 'webhook-signature': events[0]!.signature }, events[0]!.body.replace('"node"', '"nodes"'))).toBe(false);
    // the payment and the top-up: two wallet movements of this vendor
    await until(() => receiver.seen.filter((r) => r.json.type === 'wallet.moved' && r.json.data.orderId === id).length === 1, 10_000, 'wallet movement');
    expect(receiver.seen.find((r) => r.json.type === 'wallet.moved' && r.json.data.orderId === id)!.json.data).toMatchObject({ amount: -100, balanceAfter: 400 });

    const logOf = () => get(t, API.webhookDeliveries(hook.body.data.id), { token: w.token, query: { pageNum: 1, pageSize: 50 } });
    // the receiver has them; the worker records each answer just after
    await until(async () => (await logOf()).body.rows.every((r: any) => r.status === 'delivered'), 5000, 'recorded');
    const log = await logOf();
    expect(log.body.total).toBe(nodes.length + 1);
    expect(log.body.rows.every((r: any) => r.status === 'delivered' && r.lastStatus === 200 && r.attemptLog.length === 1)).toBe(true);
  });

  it('retries after the receiver answers 500, logs each attempt, redelivers by hand; list, update, remove', async () => {
    const w = await createVendor(t);
    const created = (await post(t, API.webhooks, { url: receiver.url, events: ['after_sales.decided'] }, { token: w.token })).body.data;
    expect((await get(t, API.webhooks, { token: w.token })).body.data).toEqual([expect.objectContaining({ id: created.id, url: receiver.url, events: ['after_sales.decided'], secret: created.secret })]);
    failing = 2;
    const test = await post(t, API.webhookTest(created.id), {}, { token: w.token });
    expect(test.body).toMatchObject({ code: 200, msg: INTEGRATION_MSG.testSent });
    const messageId = test.body.data.messageId as string;
    await until(() => receiver.seen.filter((r) => r.id === messageId).length === 3, 15_000, 'three attempts');
    const attempts = receiver.seen.filter((r) => r.id === messageId);
    // backoff: the second retry waited about twice as long as the first
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThan(attempts[1]!.at - attempts[0]!.at);
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    await until(async () => (await get(t, API.webhookDeliveries(created.id), { token: w.token })).body.rows[0].status === 'delivered', 5000, 'delivered');
    const row = (await get(t, API.webhookDeliveries(created.id), { token: w.token })).body.rows[0];
    expect(row).toMatchObject({ messageId, eventType: 'webhook.test', status: 'delivered', attempts: 3, lastStatus: 200 });
    expect(row.attemptLog.map((a: any) => a.statusCode)).toEqual([500, 500, 200]);
    failing = 0;

    expect((await post(t, API.webhookRedeliver(row.id), {}, { token: w.token })).body).toMatchObject({ code: 200, msg: INTEGRATION_MSG.redeliverQueued });
    await until(() => receiver.seen.filter((r) => r.id === messageId).length === 4, 10_000, 'redelivery');
    const other = await createVendor(t);
    expect((await post(t, API.webhookRedeliver(row.id), {}, { token: other.token })).body.code).toBe(404);
    expect((await get(t, API.webhookDeliveries(created.id), { token: other.token })).body.code).toBe(404);

    expect((await post(t, API.webhookUpdate(created.id), { url: `${receiver.url}?v=2`, events: ['wallet.moved', 'order.node_changed'] }, { token: w.token })).body).toMatchObject({ code: 200 });
    expect((await get(t, API.webhooks, { token: w.token })).body.data[0]).toMatchObject({ url: `${receiver.url}?v=2`, events: ['wallet.moved', 'order.node_changed'] });
    expect((await post(t, API.webhookUpdate(created.id), { url: receiver.url, events: ['wallet.moved'] }, { token: other.token })).body.code).toBe(404);
    expect((await post(t, API.webhookRemove(created.id), {}, { token: w.token })).body).toMatchObject({ code: 200, msg: INTEGRATION_MSG.removed });
    expect((await get(t, API.webhooks, { token: w.token })).body.data).toEqual([]);
    expect((await post(t, API.webhookTest(created.id), {}, { token: w.token })).body.code).toBe(404);
  });

  it('tells after-sales decisions and top-up decisions to the endpoints subscribed to them', async () => {
    const w = await createVendor(t);
    const hook = (await post(t, API.webhooks, { url: receiver.url, events: ['after_sales.decided', 'wallet.topup_decided'] }, { token: w.token })).body.data;
    const at = new Date().toISOString();
    await t.db.transaction().execute(async (tx) => {
      await emitDomainEvent(tx, { type: 'after_sales.decided', vendorId: w.vendorId, caseId: 7, orderId: 9, approved: true, at });
      await emitDomainEvent(tx, { type: 'wallet.topup_decided', vendorId: w.vendorId, recordId: 5, confirmed: false, at });
      // not subscribed: nothing written
      await emitDomainEvent(tx, { type: 'wallet.moved', vendorId: w.vendorId, recordId: 6, amountFen: 100, balanceAfterFen: 100, paymentType: 3, orderId: null, at });
    });
    // a rolled-back change tells nothing
    await t.db
      .transaction()
      .execute(async (tx) => {
        await emitDomainEvent(tx, { type: 'after_sales.decided', vendorId: w.vendorId, caseId: 8, orderId: 9, approved: false, at });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const mine = () => receiver.seen.filter((r) => r.json.data.caseId === 7 || (r.json.type === 'wallet.topup_decided' && r.json.data.recordId === 5) || r.json.data.caseId === 8);
    await until(() => mine().length >= 2, 10_000, 'two events');
    await new Promise((r) => setTimeout(r, 300));
    expect(mine().map((r) => [r.json.type, r.json.data]).sort()).toEqual([
      ['after_sales.decided', { caseId: 7, orderId: 9, approved: true, at }],
      ['wallet.topup_decided', { recordId: 5, confirmed: false, at }],
    ]);
    for (const r of mine()) expect(verifyWebhook(hook.secret, { 'webhook-id': r.id, 'webhook-timestamp': r.timestamp, 'webhook-signature': r.signature }, r.body)).toBe(true);
  });

  it('writes no outbox row for a vendor without webhooks, and none for an event nobody subscribed to', async () => {
    const w = await createVendor(t);
    await post(t, API.webhooks, { url: receiver.url, events: ['after_sales.decided'] }, { token: w.token });
    const lonely = await createVendor(t);
    await fund(t, w.vendorId, 100);
    await fund(t, lonely.vendorId, 100);
    expect((await t.db.selectFrom('webhook_deliveries').select('id').where('vendor_id', 'in', [w.vendorId, lonely.vendorId]).execute()).length).toBe(0);
  });

  it('the OpenAPI description tells the key scheme, the payloads and how to verify a signature', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const needle of ['apikey', 'keyId', 'order.node_changed', 'webhook-signature', 'whsec_', 'timingSafeEqual', 'docs/integration.md']) expect(doc.info.description).toContain(needle);
    // every event a webhook can subscribe to (review integrations #4)
    for (const e of WEBHOOK_EVENTS) expect(doc.info.description).toContain(`${e.label}（${e.value}）`);
    expect(doc.paths['/api/app/webhooks/{id}/deliveries'].get.responses['200'].content).toBeTruthy();
  });

  it('the purge removes delivered and failed rows after 30 days, never a pending one', async () => {
    const w = await createVendor(t);
    const ep = (await post(t, API.webhooks, { url: receiver.url, events: ['wallet.moved'] }, { token: w.token })).body.data.id as number;
    const old = new Date(Date.now() - 31 * 24 * 3600_000).toISOString();
    const row = (status: string, done: string | null) => ({ vendor_id: w.vendorId, endpoint_id: ep, message_id: `msg_${status}`, event_type: 'webhook.test', payload: '{}', status, next_at: Date.now() + 3600_000, retry_until: Date.now() + 7200_000, created_at: old, done_at: done });
    await t.db.insertInto('webhook_deliveries').values([row('delivered', old), row('failed', old), row('pending', null), row('delivered', new Date().toISOString())]).execute();
    await purgeExpired(t.db, t.config.isPostgres);
    const left = await t.db.selectFrom('webhook_deliveries').select('status').where('endpoint_id', '=', ep).orderBy('id').execute();
    expect(left.map((r) => r.status)).toEqual(['pending', 'delivered']);
  });
});
