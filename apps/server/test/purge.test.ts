import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PURGE_BATCH, purgeExpired, purgeStep, PURGE_TARGETS } from '../src/db/purge';
import { takeLease } from '../src/db/leased-job';
import { get, startTestApp, type TestApp } from './helper';

// The bounded purge of expired rows (decision 120).

const HOUR = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const count = async (t: TestApp, table: 'captchas' | 'sessions' | 'sms_codes' | 'sms_outbox' | 'rate_limits') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function insertMany<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 200) await write(rows.slice(i, i + 200));
}

describe('purge of expired rows', () => {
  let t: TestApp;
  const now = Date.now();
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('creating a captcha deletes nothing', async () => {
    await t.db.insertInto('captchas').values({ uuid: 'dead-one', text: 'abcd', expires_at: iso(now - HOUR) }).execute();
    expect((await get(t, API.captchaImage)).body.code).toBe(200);
    expect(await t.db.selectFrom('captchas').select('uuid').where('uuid', '=', 'dead-one').executeTakeFirst()).toBeTruthy();
  });

  it('deletes expired captchas, sessions, day-old SMS codes and outbox rows and ended rate-limit windows, keeping the live ones', async () => {
    const dead = 2 * PURGE_BATCH + 345; // more than two batches
    await insertMany(Array.from({ length: dead }, () => ({ uuid: randomUUID(), text: 'abcd', expires_at: iso(now - HOUR) })), (c) => t.db.insertInto('captchas').values(c).execute());
    await t.db.insertInto('captchas').values({ uuid: 'live-one', text: 'abcd', expires_at: iso(now + HOUR) }).execute();
    const session = (token: string, expires: number) => ({ token_hash: token, kind: 'vendor' as const, user_id: 1, vendor_id: 1, created_at: iso(now - 40 * 24 * HOUR), expires_at: iso(expires) });
    await t.db.insertInto('sessions').values([session('a'.repeat(64), now - 1000), session('b'.repeat(64), now + HOUR)]).execute();
    const code = (phone: string, expires: number) => ({ phone, type: 'login', code: '123456', created_at: iso(expires - 5 * 60_000), expires_at: iso(expires) });
    // Expired a minute ago: kept, today's daily SMS cap may still count it. Expired two days ago: purged.
    await t.db.insertInto('sms_codes').values([code('13900000001', now - 2 * 24 * HOUR), code('13900000002', now - 60_000), code('13900000003', now + 60_000)]).execute();
    await t.db.insertInto('sms_outbox').values([{ phone: '13900000001', content: 'old', created_at: iso(now - 25 * HOUR) }, { phone: '13900000002', content: 'new', created_at: iso(now - HOUR) }]).execute();
    await t.db.insertInto('rate_limits').values([{ key: 'captcha|1.1.1.1', hits: 3, reset_at: now - 1 }, { key: 'captcha|2.2.2.2', hits: 3, reset_at: now + 60_000 }]).execute();
    const before = await count(t, 'captchas');
    const live = (await t.db.selectFrom('captchas').select('uuid').where('expires_at', '>', iso(now)).execute()).map((r) => r.uuid).sort();
    expect(live).toHaveLength(2); // 'live-one' and the first test's

    const deleted = await purgeExpired(t.db, t.config.isPostgres, now);
    expect(deleted.captchas).toBe(before - 2); // every expired captcha (the first test's too), not the live ones
    expect(deleted).toMatchObject({ sessions: 1, sms_codes: 1, sms_outbox: 1, rate_limits: 1 });
    expect((await t.db.selectFrom('captchas').select('uuid').execute()).map((r) => r.uuid).sort()).toEqual(live);
    expect((await t.db.selectFrom('sessions').select('token_hash').execute()).map((r) => r.token_hash)).toEqual(['b'.repeat(64)]);
    expect((await t.db.selectFrom('sms_codes').select('phone').orderBy('phone').execute()).map((r) => r.phone)).toEqual(['13900000002', '13900000003']);
    expect((await t.db.selectFrom('sms_outbox').select('content').execute()).map((r) => r.content)).toEqual(['new']);
    expect((await t.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key)).toEqual(['captcha|2.2.2.2']);
  });

  it('deletes day-old idempotency keys, SMS send counters and login-failure counters, keeping the live ones', async () => {
    const key = (k: string, at: number) => ({ scope: 'v:1', idem_key: k, fingerprint: 'f', status_code: 200, content_type: 'application/json', body: '{}', created_at: iso(at), locked_at: iso(at) });
    await t.db.insertInto('idempotency_keys').values([key('old', now - 25 * HOUR), key('new', now - HOUR)]).execute();
    await t.db.insertInto('sms_send_limits').values([
      { phone: '13900000011', day: '2020-01-01', day_count: 10, last_sent_at: iso(now - 25 * HOUR) },
      { phone: '13900000012', day: '2020-01-01', day_count: 1, last_sent_at: iso(now - 30_000) },
    ]).execute();
    await t.db.insertInto('login_failures').values([
      { subject: 'main:13900000011', source: '*', failures: 5, last_at: iso(now - 25 * HOUR) },
      { subject: 'main:13900000011', source: '10.0.0.1', failures: 5, last_at: iso(now - 25 * HOUR) },
      { subject: 'main:13900000011', source: '10.0.0.2', failures: 2, last_at: iso(now - 60_000) },
    ]).execute();

    const deleted = await purgeExpired(t.db, t.config.isPostgres, now);
    expect(deleted).toMatchObject({ idempotency_keys: 1, sms_send_limits: 1, login_failures: 2 });
    expect((await t.db.selectFrom('idempotency_keys').select('idem_key').execute()).map((r) => r.idem_key)).toEqual(['new']);
    expect((await t.db.selectFrom('sms_send_limits').select('phone').execute()).map((r) => r.phone)).toEqual(['13900000012']);
    expect((await t.db.selectFrom('login_failures').select('source').execute()).map((r) => r.source)).toEqual(['10.0.0.2']);
  });

  it('one step deletes at most one batch', async () => {
    await insertMany(Array.from({ length: PURGE_BATCH + 10 }, () => ({ uuid: randomUUID(), text: 'abcd', expires_at: iso(now - HOUR) })), (c) => t.db.insertInto('captchas').values(c).execute());
    const captchas = PURGE_TARGETS.find((x) => x.table === 'captchas')!;
    expect(await purgeStep(t.db, captchas, t.config.isPostgres, now)).toBe(PURGE_BATCH);
    expect(await purgeStep(t.db, captchas, t.config.isPostgres, now)).toBe(10);
    expect(await count(t, 'captchas')).toBe(2);
  });

  it('several processes purging at once: no error, every dead row deleted once', async () => {
    const dead = 3 * PURGE_BATCH;
    await insertMany(Array.from({ length: dead }, () => ({ uuid: randomUUID(), text: 'abcd', expires_at: iso(now - HOUR) })), (c) => t.db.insertInto('captchas').values(c).execute());
    const rounds = await Promise.all(Array.from({ length: 4 }, () => purgeExpired(t.db, t.config.isPostgres, now)));
    expect(rounds.reduce((s, r) => s + r.captchas!, 0)).toBe(dead);
    expect(await count(t, 'captchas')).toBe(2);
  });

  it('the purge lease goes to exactly one of many processes asking at once, and to another once it has run out', async () => {
    const asks = await Promise.all(Array.from({ length: 20 }, (_, i) => takeLease(t.db, 'purge-test', `p${i}`, 60_000, now)));
    expect(asks.filter(Boolean)).toHaveLength(1);
    const holder = `p${asks.indexOf(true)}`;
    expect(await takeLease(t.db, 'purge-test', holder, 60_000, now + 1000)).toBe(true); // the holder renews
    expect(await takeLease(t.db, 'purge-test', 'other', 60_000, now + 30_000)).toBe(false);
    expect(await takeLease(t.db, 'purge-test', 'other', 60_000, now + 61_000)).toBe(true);
  });

  it('deletes through an index on each purged column', async () => {
    for (const target of PURGE_TARGETS) {
      const indexed = t.config.isPostgres
        ? await t.db
            .selectFrom('pg_indexes' as never)
            .select('indexdef' as never)
            .where('tablename' as never, '=', target.table as never)
            .execute()
        : await t.db
            .selectFrom('sqlite_master' as never)
            .select('sql as indexdef' as never)
            .where('type' as never, '=', 'index' as never)
            .where('tbl_name' as never, '=', target.table as never)
            .execute();
      const defs = (indexed as Array<{ indexdef: string | null }>).map((r) => r.indexdef ?? '');
      expect(defs.some((d) => new RegExp(`\\(\\s*"?${target.column}"?\\s*\\)`).test(d)), `${target.table}.${target.column}`).toBe(true);
    }
  });
});
