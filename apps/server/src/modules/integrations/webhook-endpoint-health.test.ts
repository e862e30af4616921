import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { INTEGRATION_MSG } from '@portal/domain/integrations';
import { webhookFailureText, webhookGaveUpText } from '@portal/domain/webhook-failures';
import { createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { deliveryPool, type DeliveryOptions } from './delivery';
import { startReceiver, until } from './webhooks.fixtures';

// Review integrations, notes (decision 297): one endpoint's slow receiver does not hold up its vendor's
// healthy endpoints; an address refused as private fails at once; a delivery given up tells the
// merchant once a failure episode and the endpoint list shows it; 发送记录 tells a queued row from one
// being sent and one waiting to retry; a second 重新发送 says the event is being sent.

let t: TestApp;
const closers: Array<() => Promise<unknown>> = [];
beforeAll(async () => {
  // The app's own worker is off: each test runs a pool it controls.
  t = await startTestApp({ WEBHOOK_POLL_MS: '0', WEBHOOK_ALLOW_PRIVATE: '1' });
});
afterAll(async () => {
  await Promise.all(closers.map((c) => c()));
  await t.close();
});

const OPTS: DeliveryOptions = { pg: false, allowPrivate: true, retryBaseSeconds: 3600, pollMs: 0, timeoutSeconds: 10, concurrency: 8, log: { error: () => undefined } };
const opts = (o: Partial<DeliveryOptions> = {}) => ({ ...OPTS, pg: t.config.isPostgres, ...o });

/** A pool that claims again every 50 ms (as the worker's poll does), stopped after the test. */
function runPool(holder: string, o: Partial<DeliveryOptions> = {}) {
  const pool = deliveryPool(t.db, holder, opts(o));
  const timer = setInterval(() => void pool.fill().catch(() => undefined), 50);
  void pool.fill();
  return {
    pool,
    async stop() {
      clearInterval(timer);
      await pool.stop();
    },
  };
}

async function receiver(answer: Parameters<typeof startReceiver>[0]) {
  const r = await startReceiver(answer);
  closers.push(() => r.close());
  return r;
}

const addEndpoint = async (token: string, url: string) => (await post(t, API.webhooks, { url, events: ['wallet.moved'] }, { token })).body.data.id as number;
const sendTest = async (token: string, ep: number) => (await post(t, API.webhookTest(ep), {}, { token })).body.data as { deliveryId: number; messageId: string };
const deliveriesOf = async (token: string, ep: number) => (await get(t, API.webhookDeliveries(ep), { token, query: { pageNum: 1, pageSize: 100 } })).body.rows as any[];
const failedNotices = async (token: string) => (await get(t, API.notifications, { token, query: { pageNum: 1, pageSize: 50, type: 'webhook_failed' } })).body.rows as any[];
/** Ends what a test left pending, so the next test's pool does not send it. */
const settle = (vendorId: number) => t.db.updateTable('webhook_deliveries').set({ status: 'failed', lease_until: 0 }).where('vendor_id', '=', vendorId).where('status', '=', 'pending').execute();

describe('one vendor’s endpoints', () => {
  it('three hanging receivers with 21 events do not hold up the same vendor’s healthy endpoint', async () => {
    const v = await createVendor(t);
    const hanging = await receiver(() => 'hang');
    const fast = await receiver(() => 200);
    const fastEp = await addEndpoint(v.token, fast.url);
    // the ERP endpoint has delivered before, as the reviewer's had
    const warm = runPool('fair-warm');
    const first = await sendTest(v.token, fastEp);
    await until(() => fast.seen.some((r) => r.id === first.messageId), 5000, 'the first event');
    await warm.stop();
    const slow: number[] = [];
    for (let i = 0; i < 3; i++) slow.push(await addEndpoint(v.token, `${hanging.url}?n=${i}`));
    for (const ep of slow) for (let k = 0; k < 7; k++) await sendTest(v.token, ep);
    const run = runPool('fair-1');
    try {
      await until(() => hanging.seen.length >= 2, 5000, 'the hanging receivers held');
      for (let round = 0; round < 3; round++) {
        const pressed = Date.now();
        const { messageId } = await sendTest(v.token, fastEp);
        await until(() => fast.seen.some((r) => r.id === messageId), 3000, `the healthy endpoint's event (round ${round})`);
        expect(Date.now() - pressed).toBeLessThan(3000);
      }
      // each hanging endpoint holds one connection at most, and the vendor its share (2 of 8)
      expect(hanging.seen.length).toBeLessThanOrEqual(2);
      expect(new Set(hanging.seen.map((r) => r.id)).size).toBe(hanging.seen.length);
    } finally {
      await run.stop();
      await settle(v.vendorId);
    }
  }, 60_000);

  it('a new endpoint is tried before the next event of an endpoint whose attempt failed', async () => {
    const v = await createVendor(t);
    const hanging = await receiver(() => 'hang');
    const fast = await receiver(() => 200);
    const slow: number[] = [];
    for (let i = 0; i < 2; i++) slow.push(await addEndpoint(v.token, `${hanging.url}?n=${i}`));
    for (const ep of slow) for (let k = 0; k < 5; k++) await sendTest(v.token, ep);
    const fastEp = await addEndpoint(v.token, fast.url);
    const { messageId } = await sendTest(v.token, fastEp);
    // a 1-second deadline: the two hanging attempts fail after 1 s; then the new endpoint goes first
    const run = runPool('fair-2', { timeoutSeconds: 1 });
    try {
      await until(() => fast.seen.some((r) => r.id === messageId), 4000, 'the new endpoint’s event');
      expect(hanging.seen.length).toBeLessThanOrEqual(4);
    } finally {
      await run.stop();
      await settle(v.vendorId);
    }
  }, 30_000);
});

describe('giving up', () => {
  it('an address refused as private fails at once, and the merchant is told once', async () => {
    const v = await createVendor(t);
    const ep = await addEndpoint(v.token, 'http://127.0.0.1:9/hook');
    const ids = [await sendTest(v.token, ep), await sendTest(v.token, ep), await sendTest(v.token, ep)];
    const run = runPool('private-1', { allowPrivate: false });
    try {
      await until(async () => (await deliveriesOf(v.token, ep)).every((d) => d.status === 'failed'), 5000, 'failed at once');
    } finally {
      await run.stop();
    }
    const rows = await deliveriesOf(v.token, ep);
    expect(rows.map((d) => d.id).sort()).toEqual(ids.map((d) => d.deliveryId).sort());
    const reason = webhookFailureText({ kind: 'private' });
    for (const d of rows) expect(d).toMatchObject({ status: 'failed', attempts: 1, lastError: reason, phase: null, nextAt: null });
    const notices = await failedNotices(v.token);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ typeName: 'Webhook推送失败', orderId: null, content: webhookGaveUpText('http://127.0.0.1:9/hook', reason) });
    expect(notices[0].content).toContain('发送记录');
    const [row] = (await get(t, API.webhooks, { token: v.token })).body.data;
    expect(row.health).toMatchObject({ okAt: null, lastFailure: reason });
    expect(row.health.failingSince).toBeTruthy();
    expect(row.health.gaveUpAt).toBeTruthy();
  });

  it('a failure episode tells the merchant once however many events are given up; a delivery ends it', async () => {
    const v = await createVendor(t);
    let answer = 500;
    const r = await receiver(() => answer);
    const ep = await addEndpoint(v.token, r.url);
    // give up at the first failure: the retry window is already over
    const queueDoomed = async (n: number) => {
      const ids = [];
      for (let i = 0; i < n; i++) ids.push((await sendTest(v.token, ep)).deliveryId);
      await t.db.updateTable('webhook_deliveries').set({ retry_until: 0 }).where('id', 'in', ids).execute();
    };
    const drain = async () => {
      const run = runPool(`episode-${Date.now()}`);
      try {
        await until(async () => (await deliveriesOf(v.token, ep)).every((d) => d.status !== 'pending'), 8000, 'all attempted');
      } finally {
        await run.stop();
      }
    };
    await queueDoomed(6);
    await drain();
    expect((await deliveriesOf(v.token, ep)).filter((d) => d.status === 'failed')).toHaveLength(6);
    expect(await failedNotices(v.token)).toHaveLength(1);
    let health = (await get(t, API.webhooks, { token: v.token })).body.data[0].health;
    expect(health).toMatchObject({ okAt: null, lastFailure: webhookFailureText({ kind: 'status', status: 500 }) });
    expect(health.failedAt).toBeTruthy();

    // the receiver is fixed: a delivery ends the episode
    answer = 200;
    await sendTest(v.token, ep);
    await drain();
    health = (await get(t, API.webhooks, { token: v.token })).body.data[0].health;
    expect(health).toMatchObject({ failingSince: null, lastFailure: null, gaveUpAt: null });
    expect(health.okAt).toBeTruthy();

    // down again: a new episode, told once more
    answer = 503;
    await queueDoomed(3);
    await drain();
    const notices = await failedNotices(v.token);
    expect(notices).toHaveLength(2);
    expect(notices[0].content).toContain(webhookFailureText({ kind: 'status', status: 503 }));
  });
});

describe('发送记录', () => {
  it('tells a queued row from one being sent and one waiting to retry', async () => {
    const v = await createVendor(t);
    let hang = true;
    const r = await receiver(() => (hang ? 'hang' : 500));
    const ep = await addEndpoint(v.token, r.url);
    await sendTest(v.token, ep);
    expect((await deliveriesOf(v.token, ep))[0]).toMatchObject({ status: 'pending', phase: 'queued', nextAt: null, attempts: 0 });
    const run = runPool('phase-1', { timeoutSeconds: 2 });
    try {
      await until(() => r.seen.length === 1, 3000, 'sent');
      expect((await deliveriesOf(v.token, ep))[0]).toMatchObject({ status: 'pending', phase: 'sending', nextAt: null });
      hang = false;
      await until(async () => (await deliveriesOf(v.token, ep))[0].phase === 'retry', 5000, 'the failed attempt');
    } finally {
      await run.stop();
    }
    const row = (await deliveriesOf(v.token, ep))[0];
    expect(row.attemptLog).toHaveLength(1);
    expect(new Date(`${row.nextAt.replace(' ', 'T')}+08:00`).getTime()).toBeGreaterThan(Date.now());
    await settle(v.vendorId);
  });

  it('a second 重新发送 of a row queued again says the event is being sent (parallel clicks)', async () => {
    const v = await createVendor(t);
    const ep = await addEndpoint(v.token, 'http://127.0.0.1:9/hook');
    const { deliveryId } = await sendTest(v.token, ep);
    for (let round = 0; round < 3; round++) {
      await t.db.updateTable('webhook_deliveries').set({ status: 'failed', done_at: new Date().toISOString() }).where('id', '=', deliveryId).execute();
      const answers = await Promise.all(Array.from({ length: 8 }, () => post(t, API.webhookRedeliver(deliveryId), {}, { token: v.token })));
      expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
      const refused = answers.filter((a) => a.body.code !== 200);
      expect(refused).toHaveLength(7);
      for (const a of refused) expect(a.body).toMatchObject({ code: 400, msg: INTEGRATION_MSG.redeliverPending });
    }
    // another vendor's row is still 数据不存在
    const w = await createVendor(t);
    expect((await post(t, API.webhookRedeliver(deliveryId), {}, { token: w.token })).body.code).toBe(404);
    await settle(v.vendorId);
  });
});
