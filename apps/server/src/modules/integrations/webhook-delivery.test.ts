import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createVendor, post, startTestApp, type TestApp } from '../../../test/helper';
import { startTestServer } from '../../../test/spawn-server';
import { deliveryRound } from './delivery';
import { startReceiver, until, type Receiver } from './webhooks.fixtures';

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
      const first = await startTestServer(t, { ...SERVER_ENV, WEBHOOK_TIMEOUT_SECONDS: '3' });
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

  it('a slow receiver: what cannot be tried within the lease goes back untried, never sent after the lease', async () => {
    const receiver = await startReceiver(() => 'hang');
    try {
      const ep = (await post(t, API.webhooks, { url: receiver.url, events: ['wallet.moved'] }, { token: v.token })).body.data.id as number;
      await queueTests(ep, 15);
      const started = Date.now();
      const opts = { pg: t.config.isPostgres, allowPrivate: true, retryBaseSeconds: 60, pollMs: 0, timeoutSeconds: 0.5, log: { error: () => undefined } };
      expect(await deliveryRound(t.db, 'slow-1', opts)).toBe(15);
      // lease: 2 × 0.5 s + 5 s = 6 s; each attempt waits 0.5 s, one at a time for one endpoint
      const rows = await t.db.selectFrom('webhook_deliveries').select(['attempts', 'lease_until', 'leased_by', 'status']).where('endpoint_id', '=', ep).execute();
      const tried = rows.filter((r) => r.attempts === 1);
      const released = rows.filter((r) => r.attempts === 0);
      expect(tried.length + released.length).toBe(15);
      expect(released.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.status === 'pending' && r.leased_by === null && Number(r.lease_until) === 0)).toBe(true);
      expect(receiver.seen.every((r) => r.at < started + 6000)).toBe(true);
      expect(receiver.seen.length).toBe(tried.length);
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
