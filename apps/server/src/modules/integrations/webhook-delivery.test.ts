import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createVendor, post, startTestApp, type TestApp } from '../../../test/helper';
import { startTestServer } from '../../../test/spawn-server';
import { deliveryPool, vendorShareOf } from './delivery';
import { startReceiver, startStreamingReceiver, until, type Receiver } from './webhooks.fixtures';

// The outbox across processes (decision 170): events written while no server runs are delivered when
// one starts; a server killed with SIGKILL mid-delivery loses nothing (another takes the row when its
// lease ends and sends it under the same id); two server processes (WORKERS=2) send each event once.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
beforeAll(async () => {
  // This process writes events only: its own delivery worker is off.
  t = await startTestApp({ WEBHOOK_POLL_MS: '0', WEBHOOK_ALLOW_PRIVATE: '1' });
  v = await createVendor(t);
});
afterAll(async () => t.close());

const SERVER_ENV = { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '100', WEBHOOK_RETRY_BASE_SECONDS: '0.2' };

async function queueTests(endpointId: number, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await post(t, API.webhookTest(endpointId), {}, { token: v.token })).body.data.messageId);
  return ids;
}

const statuses = async (endpointId: number) =>
  (await t.db.selectFrom('webhook_deliveries').select(['message_id', 'status']).where('endpoint_id', '=', endpointId).execute());

describe('webhook delivery across processes', () => {
  it('survives SIGKILL mid-delivery and a restart: every event arrives, always under its own id', async () => {
    let hang = true;
    const receiver: Receiver = await startReceiver(() => (hang ? 'hang' : 200));
    try {
      // Five endpoints (one endpoint's events go one at a time): five deliveries in flight at once.
      const eps: number[] = [];
      for (let i = 0; i < 5; i++) eps.push((await post(t, API.webhooks, { url: `${receiver.url}?n=${i}`, events: ['wallet.moved'] }, { token: v.token })).body.data.id);
      const ids = (await Promise.all(eps.map((ep) => queueTests(ep, 1)))).flat();
      const all = async () => (await Promise.all(eps.map(statuses))).flat();
      // A server takes the deliveries and is killed while the receiver holds them unanswered.
      // 20 places: the vendor's share (a quarter) holds all five at once.
      const first = await startTestServer(t, { ...SERVER_ENV, WEBHOOK_TIMEOUT_SECONDS: '3', WEBHOOK_CONCURRENCY: '20' });
      await until(() => new Set(receiver.seen.map((r) => r.id)).size === 5, 15_000, 'the first sends');
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
      const leased = await t.db.selectFrom('webhook_deliveries').select(['status', 'lease_until', 'done_at']).where('endpoint_id', 'in', eps).execute();
      expect(leased.every((d) => d.status === 'pending' && Number(d.lease_until) > Date.now() && d.done_at === null)).toBe(true);
      // Events written while no server runs wait in the outbox.
      const later = await queueTests(eps[0]!, 3);
      hang = false;
      const second = await startTestServer(t, SERVER_ENV);
      try {
        // The killed server's leases end (2 × timeout + 5 s); the new server sends everything.
        await until(async () => (await all()).every((s) => s.status === 'delivered'), 40_000, 'delivery after restart');
      } finally {
        await second.stop();
      }
      const received = new Set(receiver.seen.map((r) => r.id));
      expect([...received].sort()).toEqual([...ids, ...later].sort());
      for (const id of [...ids, ...later]) {
        const bodies = new Set(receiver.seen.filter((r) => r.id === id).map((r) => r.body));
        expect(bodies.size, id).toBe(1);
      }
    } finally {
      await receiver.close();
    }
  }, 120_000);

  it('with WORKERS=2 sends each event once', async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const ep = (await post(t, API.webhooks, { url: receiver.url, events: ['wallet.moved'] }, { token: v.token })).body.data.id as number;
      const ids = await queueTests(ep, 60);
      const server = await startTestServer(t, { ...SERVER_ENV, WORKERS: '2', WEBHOOK_POLL_MS: '20' });
      try {
        await until(async () => (await statuses(ep)).every((s) => s.status === 'delivered'), 30_000, 'all delivered');
        await new Promise((r) => setTimeout(r, 500));
      } finally {
        await server.stop();
      }
      const counts = new Map<string, number>();
      for (const r of receiver.seen) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
      expect([...counts.keys()].sort()).toEqual([...ids].sort());
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      const attempts = await t.db.selectFrom('webhook_deliveries').select('attempts').where('endpoint_id', '=', ep).execute();
      expect(attempts.every((a) => a.attempts === 1)).toBe(true);
    } finally {
      await receiver.close();
    }
  }, 120_000);

  it('one vendor with more trickling receivers than a process delivers at once cannot delay another vendor (WORKERS=2)', async () => {
    // Issue 44, finding 2: vendor A's 10 endpoints on a receiver that answers 200 and then one byte
    // every 3 s, 5 test events each; vendor B's test event 3 s later must still arrive within 5 s.
    const trickle = await startStreamingReceiver('trickle', 3000);
    const quick = await startReceiver(() => 200);
    const a = await createVendor(t);
    const b = await createVendor(t);
    const server = await startTestServer(t, { ...SERVER_ENV, WORKERS: '2', WEBHOOK_CONCURRENCY: '4', WEBHOOK_TIMEOUT_SECONDS: '4', WEBHOOK_RETRY_BASE_SECONDS: '60' });
    try {
      for (let i = 0; i < 10; i++) {
        const ep = (await post(t, API.webhooks, { url: `${trickle.url}?n=${i}`, events: ['wallet.moved'] }, { token: a.token })).body.data.id as number;
        for (let k = 0; k < 5; k++) expect((await post(t, API.webhookTest(ep), {}, { token: a.token })).body.code).toBe(200);
      }
      const bEp = (await post(t, API.webhooks, { url: quick.url, events: ['wallet.moved'] }, { token: b.token })).body.data.id as number;
      await until(() => trickle.state.open >= 2, 10_000, 'vendor A’s deliveries under way');
      await new Promise((r) => setTimeout(r, 3000));
      const pressed = Date.now();
      const id = (await post(t, API.webhookTest(bEp), {}, { token: b.token })).body.data.messageId as string;
      await until(() => quick.seen.some((r) => r.id === id), 5000, 'vendor B’s event');
      expect(Date.now() - pressed).toBeLessThan(5000);
      // A never held more than its share of each process (a quarter of 4: one delivery per process).
      expect(trickle.state.maxOpen).toBeLessThanOrEqual(2);
      // and each of its attempts ends at the total deadline (4 s), trickle or not
      const attemptsOfA = () =>
        t.db
          .selectFrom('webhook_attempts')
          .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
          .select(['webhook_attempts.duration_ms', 'webhook_attempts.error'])
          .where('webhook_deliveries.vendor_id', '=', a.vendorId)
          .execute();
      await until(async () => (await attemptsOfA()).length >= 2, 15_000, 'vendor A’s attempts ended');
      const attempts = await attemptsOfA();
      for (const at of attempts) {
        expect(at.duration_ms).toBeLessThan(5500);
        expect(at.error).toBeTruthy();
      }
    } finally {
      await server.stop();
      await trickle.close();
      await quick.close();
      await t.db.updateTable('webhook_deliveries').set({ status: 'failed' }).where('vendor_id', '=', a.vendorId).where('status', '=', 'pending').execute();
    }
  }, 120_000);

  it('three hanging receivers of a vendor do not hold up its healthy endpoint (WORKERS=2, decision 297)', async () => {
    // Review integrations, notes: 21 deliveries hanging on 3 receivers held the same vendor's ERP
    // endpoint for 48 s (PostgreSQL, 2 processes) and 107 s (SQLite).
    const hanging = await startReceiver(() => 'hang');
    const fast = await startReceiver(() => 200);
    const w = await createVendor(t);
    const server = await startTestServer(t, { ...SERVER_ENV, WORKERS: '2', WEBHOOK_RETRY_BASE_SECONDS: '60' });
    try {
      const fastEp = (await post(t, API.webhooks, { url: fast.url, events: ['wallet.moved'] }, { token: w.token })).body.data.id as number;
      const first = (await post(t, API.webhookTest(fastEp), {}, { token: w.token })).body.data.messageId as string;
      await until(() => fast.seen.some((r) => r.id === first), 5000, 'the ERP endpoint delivering');
      for (let i = 0; i < 3; i++) {
        const ep = (await post(t, API.webhooks, { url: `${hanging.url}?n=${i}`, events: ['wallet.moved'] }, { token: w.token })).body.data.id as number;
        for (let k = 0; k < 7; k++) expect((await post(t, API.webhookTest(ep), {}, { token: w.token })).body.code).toBe(200);
      }
      await until(() => hanging.seen.length >= 3, 5000, 'the hanging receivers held');
      for (let round = 0; round < 3; round++) {
        const pressed = Date.now();
        const id = (await post(t, API.webhookTest(fastEp), {}, { token: w.token })).body.data.messageId as string;
        await until(() => fast.seen.some((r) => r.id === id), 3000, `the ERP endpoint's event (round ${round})`);
        expect(Date.now() - pressed).toBeLessThan(3000);
      }
      // one connection per hanging endpoint across both processes
      expect(new Set(hanging.seen.map((r) => r.id)).size).toBe(hanging.seen.length);
      expect(hanging.seen.length).toBeLessThanOrEqual(3);
    } finally {
      await server.stop();
      await hanging.close();
      await fast.close();
      await t.db.updateTable('webhook_deliveries').set({ status: 'failed' }).where('vendor_id', '=', w.vendorId).where('status', '=', 'pending').execute();
    }
  }, 120_000);

  it('a process keeps a vendor to its share of its places and an endpoint to one delivery, each tried as soon as claimed', async () => {
    const receiver = await startReceiver(() => 'hang');
    try {
      const eps: number[] = [];
      for (let i = 0; i < 3; i++) eps.push((await post(t, API.webhooks, { url: `${receiver.url}?e=${i}`, events: ['wallet.moved'] }, { token: v.token })).body.data.id);
      for (const ep of eps) await queueTests(ep, 3);
      const opts = { pg: t.config.isPostgres, allowPrivate: true, retryBaseSeconds: 60, pollMs: 0, timeoutSeconds: 0.5, concurrency: 8, log: { error: () => undefined } };
      const pool = deliveryPool(t.db, 'share-1', opts);
      await pool.fill();
      // 8 places, a vendor's share is 2: two deliveries in flight, of two different endpoints
      expect(vendorShareOf(8)).toBe(2);
      expect(pool.inFlight()).toBe(2);
      const leased = await t.db.selectFrom('webhook_deliveries').select('endpoint_id').where('leased_by', '=', 'share-1').execute();
      expect(new Set(leased.map((r) => r.endpoint_id)).size).toBe(2);
      await until(() => receiver.seen.length === 2, 5000, 'both sent');
      await pool.stop();
      const rows = await t.db.selectFrom('webhook_deliveries').select(['attempts', 'lease_until', 'leased_by', 'status']).where('endpoint_id', 'in', eps).execute();
      expect(rows.reduce((n, r) => n + r.attempts, 0)).toBe(2);
      expect(rows.every((r) => r.status === 'pending' && r.leased_by === null && Number(r.lease_until) === 0)).toBe(true);
    } finally {
      await receiver.close();
      await t.db.updateTable('webhook_deliveries').set({ status: 'failed' }).where('vendor_id', '=', v.vendorId).where('status', '=', 'pending').execute();
    }
  }, 60_000);
});
