import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PAYMENT_TYPE } from '@portal/domain/enums';
import { IDEMPOTENCY_MSG, IDEMPOTENCY_REPLAYED_HEADER } from '@portal/domain/idempotency';
import { PLATFORM_WALLET_API } from '@portal/domain/wallet';
import { balanceOf, createProduct, fund, ledgerSum, orderPayload } from '../src/modules/orders/orders.fixtures';
import { purgeIdempotencyKeys } from '../src/plugins/idempotency.repository';
import { isoIn } from '../src/lib/time';
import { createOperator, createVendor, post, startTestApp, type TestApp } from './helper';
import { startWorkersServer, type WorkersServer } from './spawn-server';

// Decisions 127–129: one Idempotency-Key per user action; the first answer is stored per (key, vendor
// or operator) and replayed; the same key with another request is refused; simultaneous repeats run once.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Vendor = Awaited<ReturnType<typeof createVendor>>;
const withKey = (token: string, key: string) => ({ token, headers: { 'idempotency-key': key } });
const ordersOf = async (vendorId: number) => (await t.db.selectFrom('orders').select('id').where('vendor_id', '=', vendorId).execute()).length;
const keyRow = (key: string) => t.db.selectFrom('idempotency_keys').selectAll().where('idem_key', '=', key).executeTakeFirst();

async function vendorWithProduct() {
  const w = await createVendor(t);
  const product = await createProduct(t, w.vendorId, w.userId);
  return { ...w, product };
}

describe('Idempotency-Key on order add', () => {
  let w: Vendor & { product: number };
  beforeAll(async () => {
    w = await vendorWithProduct();
  });

  it('the same key twice: one order, the same status and body, the repeat marked as replayed', async () => {
    const before = await ordersOf(w.vendorId);
    const key = randomUUID();
    const first = await post(t, API.orderAdd, orderPayload([w.product]), withKey(w.token, key));
    const again = await post(t, API.orderAdd, orderPayload([w.product]), withKey(w.token, key));
    expect(first.body.code).toBe(200);
    expect(again.status).toBe(first.status);
    expect(again.res.body).toBe(first.res.body);
    expect(again.res.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
    expect(first.res.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBeUndefined();
    expect(await ordersOf(w.vendorId)).toBe(before + 1);
  });

  it('20 requests with one key at once: exactly one order; every answer is that answer or 请求处理中', async () => {
    const before = await ordersOf(w.vendorId);
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => post(t, API.orderAdd, orderPayload([w.product]), withKey(w.token, key))));
    expect(await ordersOf(w.vendorId)).toBe(before + 1);
    const created = results.filter((r) => r.body.code === 200);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.res.body)).size).toBe(1);
    expect(created.filter((r) => r.res.headers[IDEMPOTENCY_REPLAYED_HEADER] !== 'true')).toHaveLength(1);
    const others = results.filter((r) => r.body.code !== 200);
    for (const r of others) expect(r.body).toEqual({ code: 400, msg: IDEMPOTENCY_MSG.inProgress, data: null });
  });

  it('the same key with another body: refused in Chinese, nothing written', async () => {
    const key = randomUUID();
    const first = await post(t, API.orderAdd, orderPayload([w.product]), withKey(w.token, key));
    expect(first.body.code).toBe(200);
    const before = await ordersOf(w.vendorId);
    const statusOf = async () => (await t.db.selectFrom('orders').select('status').where('id', '=', first.body.data).executeTakeFirstOrThrow()).status;
    const status = await statusOf();
    const other = await post(t, API.orderAdd, orderPayload([w.product], { realName: '韩梅梅' }), withKey(w.token, key));
    expect(other.body).toEqual({ code: 400, msg: IDEMPOTENCY_MSG.keyReused, data: null });
    // … and on another path.
    const elsewhere = await post(t, API.orderCancel, { ids: [first.body.data], closeRemark: '不要了' }, withKey(w.token, key));
    expect(elsewhere.body.msg).toBe(IDEMPOTENCY_MSG.keyReused);
    expect(await ordersOf(w.vendorId)).toBe(before);
    expect(await statusOf()).toBe(status);
    expect((await keyRow(key))?.body).toBe(first.res.body);
  });

  it('different keys: two orders; no key at all: every request runs, as before', async () => {
    const before = await ordersOf(w.vendorId);
    const a = await post(t, API.orderAdd, orderPayload([w.product]), withKey(w.token, randomUUID()));
    const b = await post(t, API.orderAdd, orderPayload([w.product]), withKey(w.token, randomUUID()));
    expect(a.body.data).not.toBe(b.body.data);
    const c = await post(t, API.orderAdd, orderPayload([w.product]), { token: w.token });
    const d = await post(t, API.orderAdd, orderPayload([w.product]), { token: w.token });
    expect([a, b, c, d].map((r) => r.body.code)).toEqual([200, 200, 200, 200]);
    expect(await ordersOf(w.vendorId)).toBe(before + 4);
  });

  it("another vendor's request with the same key is its own", async () => {
    const other = await vendorWithProduct();
    const key = randomUUID();
    const mine = await post(t, API.orderAdd, orderPayload([w.product]), withKey(w.token, key));
    const theirs = await post(t, API.orderAdd, orderPayload([other.product]), withKey(other.token, key));
    expect(theirs.body.code).toBe(200);
    expect(theirs.body.data).not.toBe(mine.body.data);
    expect(theirs.res.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBeUndefined();
    expect(await ordersOf(other.vendorId)).toBe(1);
  });

  it('a key that is not a key is refused in Chinese; nothing written', async () => {
    const before = await ordersOf(w.vendorId);
    for (const bad of ['short', 'x'.repeat(65), '含中文的幂等键abcdefg', 'a b c d e f g h']) {
      const r = await post(t, API.orderAdd, orderPayload([w.product]), withKey(w.token, bad));
      expect(r.body).toEqual({ code: 400, msg: IDEMPOTENCY_MSG.badKey, data: null });
    }
    expect(await ordersOf(w.vendorId)).toBe(before);
  });

  it('a server error (500) gives the key back: the retry with the same key runs', async () => {
    const key = randomUUID();
    const before = await ordersOf(w.vendorId);
    // A real failure of the database while the order is written.
    const pg = t.config.isPostgres;
    if (pg) {
      await sql`create function idem_test_fail() returns trigger language plpgsql as $$ begin raise exception 'idem test'; end $$`.execute(t.db);
      await sql`create trigger idem_test_fail before insert on orders for each row execute function idem_test_fail()`.execute(t.db);
    } else {
      await sql`create trigger idem_test_fail before insert on orders begin select raise(abort, 'idem test'); end`.execute(t.db);
    }
    try {
      const failed = await post(t, API.orderAdd, orderPayload([w.product]), withKey(w.token, key));
      expect(failed.status).toBe(500);
      expect(await keyRow(key)).toBeUndefined();
    } finally {
      await sql`drop trigger idem_test_fail${sql.raw(pg ? ' on orders' : '')}`.execute(t.db);
      if (pg) await sql`drop function idem_test_fail()`.execute(t.db);
    }
    const retry = await post(t, API.orderAdd, orderPayload([w.product]), withKey(w.token, key));
    expect(retry.body.code).toBe(200);
    expect(retry.res.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBeUndefined();
    expect(await ordersOf(w.vendorId)).toBe(before + 1);
  });

  it('a repeat while the first still runs answers 请求处理中 after a short wait; a dead claim past its lease is taken over', async () => {
    const key = randomUUID();
    const { createHash } = await import('node:crypto');
    const body = JSON.stringify(orderPayload([w.product]));
    const fingerprint = createHash('sha256').update(`POST ${API.orderAdd}\n${body}`).digest('hex');
    const before = await ordersOf(w.vendorId);
    const row = { scope: `v${w.vendorId}`, idem_key: key, fingerprint, created_at: isoIn(0), locked_at: isoIn(0) };
    await t.db.insertInto('idempotency_keys').values(row).execute();
    const busy = await post(t, API.orderAdd, orderPayload([w.product]), withKey(w.token, key));
    expect(busy.body).toEqual({ code: 400, msg: IDEMPOTENCY_MSG.inProgress, data: null });
    expect(await ordersOf(w.vendorId)).toBe(before);
    // The claim's process died three minutes ago (lease 2 min): the repeat runs it.
    await t.db.updateTable('idempotency_keys').set({ locked_at: isoIn(-180_000) }).where('idem_key', '=', key).execute();
    const taken = await post(t, API.orderAdd, orderPayload([w.product]), withKey(w.token, key));
    expect(taken.body.code).toBe(200);
    expect(await ordersOf(w.vendorId)).toBe(before + 1);
    expect((await keyRow(key))?.status_code).toBe(200);
  }, 20_000);

  it('keys live 24 hours: an older key is a new one, and the bounded purge removes old keys only', async () => {
    const key = randomUUID();
    const first = await post(t, API.orderAdd, orderPayload([w.product]), withKey(w.token, key));
    await t.db.updateTable('idempotency_keys').set({ created_at: isoIn(-25 * 3600_000) }).where('idem_key', '=', key).execute();
    const later = await post(t, API.orderAdd, orderPayload([w.product]), withKey(w.token, key));
    expect(later.body.code).toBe(200);
    expect(later.body.data).not.toBe(first.body.data);

    const old = Array.from({ length: 5 }, () => ({ scope: 'v0', idem_key: randomUUID(), fingerprint: 'x', created_at: isoIn(-25 * 3600_000), locked_at: isoIn(-25 * 3600_000) }));
    await t.db.insertInto('idempotency_keys').values(old).execute();
    const count = async () => Number((await t.db.selectFrom('idempotency_keys').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const total = await count();
    expect(await purgeIdempotencyKeys(t.db, isoIn(-24 * 3600_000), 3)).toBe(3);
    expect(await purgeIdempotencyKeys(t.db, isoIn(-24 * 3600_000), 3)).toBe(2);
    expect(await purgeIdempotencyKeys(t.db, isoIn(-24 * 3600_000), 3)).toBe(0);
    expect(await count()).toBe(total - 5);
    expect(await keyRow(key)).toBeDefined();
  });
});

describe('Idempotency-Key on money', () => {
  it('20 payments of one order with one key at once: charged once, balance = ledger, one answer', async () => {
    const w = await vendorWithProduct();
    await fund(t, w.vendorId, 100_000);
    const add = await post(t, API.orderAdd, orderPayload([w.product]), { token: w.token });
    expect(add.body.code).toBe(200);
    const id = add.body.data as number;
    const before = await balanceOf(t, w.vendorId);
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => post(t, API.orderPay(id), undefined, withKey(w.token, key))));
    const paid = results.filter((r) => r.body.code === 200);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    expect(new Set(paid.map((r) => r.res.body)).size).toBe(1);
    for (const r of results.filter((x) => x.body.code !== 200)) expect(r.body.msg).toBe(IDEMPOTENCY_MSG.inProgress);
    const charged = before - (await balanceOf(t, w.vendorId));
    expect(charged).toBeGreaterThan(0);
    expect(await balanceOf(t, w.vendorId)).toBe(await ledgerSum(t, w.vendorId));
    const payments = await t.db.selectFrom('account_records').select('id').where('vendor_id', '=', w.vendorId).where('order_id', '=', id).execute();
    expect(payments).toHaveLength(1);
  });

  it('a business refusal is stored and replayed; a new key runs again', async () => {
    const w = await vendorWithProduct();
    const add = await post(t, API.orderAdd, orderPayload([w.product]), { token: w.token });
    const id = add.body.data as number;
    const key = randomUUID();
    const refused = await post(t, API.orderPay(id), undefined, withKey(w.token, key));
    expect(refused.body.code).not.toBe(200);
    expect(refused.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    await fund(t, w.vendorId, 100_000);
    const replayed = await post(t, API.orderPay(id), undefined, withKey(w.token, key));
    expect(replayed.res.body).toBe(refused.res.body);
    expect(replayed.res.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
    expect(await balanceOf(t, w.vendorId)).toBe(100_000);
    const fresh = await post(t, API.orderPay(id), undefined, withKey(w.token, randomUUID()));
    expect(fresh.body.code).toBe(200);
    expect(await balanceOf(t, w.vendorId)).toBeLessThan(100_000);
  });

  it("an operator's adjustment with one key, 10 at once: the balance moves once; the key is the operator's", async () => {
    const w = await createVendor(t);
    const op = await createOperator(t);
    const key = randomUUID();
    const body = { vendorId: w.vendorId, paymentType: PAYMENT_TYPE.platformTopUp, amount: '12.34', reason: '补偿' };
    const opts = { token: op.token, role: 'platform', headers: { 'idempotency-key': key } };
    const results = await Promise.all(Array.from({ length: 10 }, () => post(t, PLATFORM_WALLET_API.adjust, body, opts)));
    expect(results.filter((r) => r.body.code === 200).length).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(t, w.vendorId)).toBe(1234);
    expect(await ledgerSum(t, w.vendorId)).toBe(1234);
    // The vendor may use the same key for its own request: it is not the operator's.
    const product = await createProduct(t, w.vendorId, w.userId);
    const own = await post(t, API.orderAdd, orderPayload([product]), withKey(w.token, key));
    expect(own.body.code).toBe(200);
  });
});

describe('Idempotency-Key across two server processes (WORKERS=2)', () => {
  let server: WorkersServer;
  beforeAll(async () => {
    server = await startWorkersServer(t);
  }, 60_000);
  afterAll(async () => server?.stop());

  const send = (path: string, body: unknown, token: string, key: string) => server.call('POST', path, body, { token, headers: { 'idempotency-key': key } });

  it('30 order adds with one key over both processes: one order', async () => {
    const w = await vendorWithProduct();
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 30 }, () => send(API.orderAdd, orderPayload([w.product]), w.token, key)));
    expect(await ordersOf(w.vendorId)).toBe(1);
    const bodies = results.map((r) => JSON.parse(r.text) as { code: number; msg: string });
    expect(bodies.filter((b) => b.code !== 200 && b.msg !== IDEMPOTENCY_MSG.inProgress)).toEqual([]);
    expect(new Set(results.filter((r) => JSON.parse(r.text).code === 200).map((r) => r.text)).size).toBe(1);
  }, 60_000);
});
