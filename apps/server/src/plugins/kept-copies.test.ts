import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../test/helper';
import { AUTH_CHANGED, KeptSessions, LISTENER_NAME, WEBHOOKS_CHANGED } from './kept-copies';
import { addOrder, createProduct, fund } from '../modules/orders/orders.fixtures';

// Decision 212: on PostgreSQL each process keeps the sessions it looked up and forgets them all when a
// write that could change one commits (a notice from the migration's triggers), when a request of its
// own that may write answers, and while it does not listen.
const postgres = process.env.TEST_DATABASE === 'postgres';
const list = (t: TestApp, token: string) => get(t, API.orderList, { token, query: { pageNum: 1, pageSize: 10 } });

async function until(what: () => Promise<boolean> | boolean, ms = 3_000) {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

let t: TestApp;
// Another writer: a connection of its own, as psql or another server process would be.
let other: pg.Client;
beforeAll(async () => {
  // The webhook delivery worker never runs here: only the rows the outbox writes are counted.
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '3600000' });
  if (postgres) {
    other = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await other.connect();
  }
});
afterAll(async () => {
  await other?.end();
  await t.close();
});

describe('kept sessions', () => {

  it.runIf(!postgres)('looks every session up on SQLite', () => {
    expect(t.app.kept).toBeNull();
  });

  it.runIf(postgres)('answers from the kept session without reading the sessions table', async () => {
    const v = await createVendor(t);
    expect((await list(t, v.token)).body.code).toBe(200);
    // A lock that only a lookup would wait for; taking it writes nothing, so no notice.
    await other.query('begin');
    await other.query('lock table sessions in access exclusive mode');
    try {
      const r = await Promise.race([list(t, v.token), new Promise<null>((r) => setTimeout(() => r(null), 2_000))]);
      expect(r?.body.code).toBe(200);
    } finally {
      await other.query('rollback');
    }
  });

  it.runIf(postgres)('refuses a session another writer deleted, once its notice arrives', async () => {
    const v = await createVendor(t);
    expect((await list(t, v.token)).body.code).toBe(200);
    await other.query('delete from sessions where user_id = $1', [v.userId]);
    await until(async () => (await list(t, v.token)).body.code === 401);
  });

  it.runIf(postgres)('keeps no lookup that raced another writer\'s deletion: parallel calls after its notice are all refused', async () => {
    const v = await createVendor(t);
    expect((await list(t, v.token)).body.code).toBe(200);
    // Calls in flight, some looking the session up, while the deletion commits.
    const racing = Array.from({ length: 16 }, () => list(t, v.token));
    await other.query('delete from sessions where user_id = $1', [v.userId]);
    await Promise.all(racing);
    await until(async () => (await list(t, v.token)).body.code === 401);
    const after = await Promise.all(Array.from({ length: 16 }, () => list(t, v.token)));
    expect(new Set(after.map((r) => r.body.code))).toEqual(new Set([401]));
  });

  it.runIf(postgres)('refuses what another writer took from a sub-account, once its notice arrives', async () => {
    const v = await createVendor(t);
    const sub = await createSubAccount(t, v.vendorId, [[12, 0]]);
    expect((await list(t, sub.token)).body.code).toBe(200);
    await other.query('delete from user_menus where user_id = $1', [sub.userId]);
    await until(async () => (await list(t, sub.token)).body.code === 403);
  });

  it.runIf(postgres)('refuses a session signed out in this process at once', async () => {
    const v = await createVendor(t);
    expect((await list(t, v.token)).body.code).toBe(200);
    expect((await post(t, API.quit, {}, { token: v.token })).body.code).toBe(200);
    expect((await list(t, v.token)).body.code).toBe(401);
  });

  it.runIf(postgres)('keeps none while its notices are lost, and keeps again once they are back', async () => {
    const kept = t.app.kept!.sessions;
    const v = await createVendor(t);
    expect((await list(t, v.token)).body.code).toBe(200);
    expect(kept.size).toBeGreaterThan(0);
    await other.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()', [LISTENER_NAME]);
    await until(() => !kept.listening);
    expect(kept.size).toBe(0);
    // No notice can come now: the deletion is seen because the session is looked up.
    const w = await createVendor(t);
    expect((await list(t, w.token)).body.code).toBe(200);
    await other.query('delete from sessions where user_id = $1', [w.userId]);
    expect((await list(t, w.token)).body.code).toBe(401);
    await until(() => kept.listening);
    expect((await list(t, v.token)).body.code).toBe(200);
    expect(kept.size).toBeGreaterThan(0);
  });
});

describe('kept webhook endpoints and the routes that write nothing kept (decision 217)', () => {
  async function vendorWithProduct() {
    const v = await createVendor(t);
    await fund(t, v.vendorId, 1_000_000);
    return { ...v, productId: await createProduct(t, v.vendorId, v.userId) };
  }
  /** Creates and pays an order; answers its id. */
  async function addAndPay(v: { token: string; productId: number }) {
    const id = await addOrder(t, v.token, [v.productId]);
    expect((await post(t, API.orderPay(id), {}, { token: v.token })).body.code).toBe(200);
    return id;
  }
  const deliveries = async (vendorId: number) =>
    Number((await t.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('vendor_id', '=', vendorId).executeTakeFirstOrThrow()).n);

  it.runIf(postgres)('creates and pays an order from the kept endpoints and session, without reading either table', async () => {
    const v = await vendorWithProduct();
    await addAndPay(v);
    const kept = t.app.kept!;
    expect(kept.endpoints.get(v.vendorId)).toEqual([]);
    // Locks that only a lookup would wait for; taking them writes nothing, so no notice.
    await other.query('begin');
    await other.query('lock table webhook_endpoints, sessions in access exclusive mode');
    try {
      const r = await Promise.race([addAndPay(v), new Promise<null>((r) => setTimeout(() => r(null), 2_000))]);
      expect(r).toEqual(expect.any(Number));
    } finally {
      await other.query('rollback');
    }
    expect(kept.sessions.size).toBeGreaterThan(0);
  });

  it.runIf(postgres)('tells an endpoint added in this process of the next order at once', async () => {
    const v = await vendorWithProduct();
    await addAndPay(v);
    const hook = await post(t, API.webhooks, { url: 'http://127.0.0.1:9/hook', events: ['order.node_changed', 'wallet.moved'] }, { token: v.token });
    expect(hook.body.code).toBe(200);
    await addAndPay(v);
    // created (node 110), paid (node 210), the payment's balance move
    expect(await deliveries(v.vendorId)).toBe(3);
  });

  it.runIf(postgres)('sees an endpoint another writer adds or removes once its notice arrives', async () => {
    const v = await vendorWithProduct();
    await addAndPay(v);
    const endpoints = t.app.kept!.endpoints;
    let generation = endpoints.generation;
    const { rows } = await other.query(
      `insert into webhook_endpoints (vendor_id, url, secret, events, created_at, updated_at) values ($1, 'http://127.0.0.1:9/hook', 'whsec_test', ',wallet.moved,', now()::text, now()::text) returning id`,
      [v.vendorId],
    );
    await until(() => endpoints.generation !== generation);
    await addAndPay(v);
    expect(await deliveries(v.vendorId)).toBe(1);
    generation = endpoints.generation;
    await other.query(`update webhook_endpoints set removed_at = now()::text where id = $1`, [rows[0].id]);
    await until(() => endpoints.generation !== generation);
    await addAndPay(v);
    expect(await deliveries(v.vendorId)).toBe(1);
  });

  it.runIf(postgres)('tells every order paid after another writer\'s endpoint notice, with orders in flight while it commits', async () => {
    const v = await vendorWithProduct();
    await addAndPay(v);
    const endpoints = t.app.kept!.endpoints;
    const generation = endpoints.generation;
    // Orders in flight, some looking the endpoints up, while the endpoint commits.
    const racing = Array.from({ length: 8 }, () => addAndPay(v));
    await other.query(
      `insert into webhook_endpoints (vendor_id, url, secret, events, created_at, updated_at) values ($1, 'http://127.0.0.1:9/hook', 'whsec_test', ',wallet.moved,', now()::text, now()::text)`,
      [v.vendorId],
    );
    await Promise.all(racing);
    await until(() => endpoints.generation !== generation);
    const before = await deliveries(v.vendorId);
    await Promise.all(Array.from({ length: 8 }, () => addAndPay(v)));
    expect(await deliveries(v.vendorId)).toBe(before + 8);
  });

  it.runIf(postgres)('every route marked writesNothingKept commits no change notice', async () => {
    const marked = t.app.routeAccess.filter((r) => r.writesNothingKept).map((r) => `${r.method} ${r.url}`);
    // The routes this test calls: a route newly marked must be added here.
    expect(marked.sort()).toEqual([`POST ${API.orderAdd}`, `POST ${API.orderPay(':id')}`].sort());
    const v = await vendorWithProduct();
    const listener = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (n) => heard.push(n.channel));
      await listener.query(`listen ${AUTH_CHANGED}`);
      await listener.query(`listen ${WEBHOOKS_CHANGED}`);
      await addAndPay(v);
      // A write that does notify, committed after them: notices arrive in commit order.
      await other.query('delete from sessions where id = -1');
      await until(() => heard.length > 0);
      expect(heard).toEqual([AUTH_CHANGED]);
    } finally {
      await listener.end();
    }
  });
});

describe('KeptSessions', () => {
  const principal = { kind: 'platform', operatorId: 1, name: '运营', sessionId: 1 } as const;
  const listening = () => {
    const k = new KeptSessions();
    k.listening = true;
    return k;
  };

  it('finds a session until it expires, for its own kind only', () => {
    const k = listening();
    k.keep('h', { kind: 'platform', expiresAt: '2026-01-01T00:00:10.000Z', principal: { ...principal } }, k.generation);
    expect(k.find('h', 'platform', '2026-01-01T00:00:09.999Z')).toEqual(principal);
    expect(k.find('h', 'vendor', '2026-01-01T00:00:09.999Z')).toBeUndefined();
    expect(k.find('h', 'platform', '2026-01-01T00:00:10.000Z')).toBeUndefined();
  });

  it('keeps nothing looked up before a forget, nor while not listening', () => {
    const k = listening();
    const before = k.generation;
    k.forget();
    k.keep('h', { kind: 'platform', expiresAt: '9999', principal: { ...principal } }, before);
    expect(k.size).toBe(0);
    k.listening = false;
    k.keep('h', { kind: 'platform', expiresAt: '9999', principal: { ...principal } }, k.generation);
    expect(k.size).toBe(0);
  });

  it('keeps a principal no one can change', () => {
    const k = listening();
    k.keep('h', { kind: 'platform', expiresAt: '9999', principal: { ...principal } }, k.generation);
    expect(Object.isFrozen(k.find('h', 'platform', '2026'))).toBe(true);
  });
});
