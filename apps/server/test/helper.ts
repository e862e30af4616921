import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { API } from '@portal/domain/api-paths';
import { loadConfig, type Config } from '../src/config';
import { buildApp } from '../src/app';
import { setupDatabase } from '../src/db/setup';
import { RATE_LIMITS_OFF } from '../src/plugins/rate-limit';
import type { DB } from '../src/db/database';
import { hashPassword } from '../src/lib/passwords';
import { nowIso } from '../src/lib/time';

/**
 * Boots the real app on a fresh database: SQLite in a temp dir by default, or a new PostgreSQL
 * database when TEST_DATABASE=postgres (created from TEST_PG_URL, dropped at close).
 */
/**
 * A fresh, empty database for one test file: a SQLite file in a temp dir by default, or a new
 * PostgreSQL database when TEST_DATABASE=postgres (created from TEST_PG_URL). `drop` removes it.
 */
export async function createTestDatabase(prefix = 'portal_test') {
  const dir = mkdtempSync(join(tmpdir(), `${prefix.replace(/_/g, '-')}-`));
  if (process.env.TEST_DATABASE !== 'postgres') {
    return { dir, url: join(dir, 'test.sqlite'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const base = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
    rmSync(dir, { recursive: true, force: true });
  };
  return { dir, url: u.toString(), drop };
}

/** Boots the real app on a fresh database (createTestDatabase); `close` stops it and drops the database. */
export async function startTestApp(env: Record<string, string> = {}) {
  const { dir, url: databaseUrl, drop } = await createTestDatabase();
  const config: Config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'silent',
    PORTAL_DEMO_DATA: '0',
    PORTAL_DEV_OUTBOX: '1',
    WEB_DIST: join(dir, 'no-web'),
    // Tests log in and fetch captchas far more often than a person; rate-limit tests set their own.
    ...RATE_LIMITS_OFF,
    ...env,
  });
  const handle = await setupDatabase(config);
  const app = await buildApp(config, handle);
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    dir,
    async close() {
      await app.close();
      await handle.db.destroy();
      await drop();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

export interface CallOptions {
  token?: string;
  role?: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** Skip signing, to test the signature check itself. */
  unsigned?: boolean;
  timestamp?: number;
}

/** The URL, headers and body of a signed call as the web client makes it. */
export function signedRequest(t: TestApp, method: string, path: string, body?: unknown, opts: CallOptions = {}) {
  const qs = new URLSearchParams(
    Object.entries(opts.query ?? {}).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]),
  ).toString();
  const payload = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(opts.timestamp ?? freshTimestamp());
  const token = opts.token ?? '';
  const headers: Record<string, string> = { role: opts.role ?? 'manufacturer', timestamp, token, ...opts.headers };
  if (!opts.unsigned) headers.signature = sign(t.config.SIGN_KEY, { method, path, rawQuery: qs, timestamp, token, body: payload });
  if (payload) headers['content-type'] = 'application/json';
  return { url: qs ? `${path}?${qs}` : path, headers, payload };
}

/** A signed call to the app in this process; answers the parsed envelope and the raw response. */
export async function call(t: TestApp, method: string, path: string, body?: unknown, opts: CallOptions = {}) {
  const { url, headers, payload } = signedRequest(t, method, path, body, opts);
  const res = await t.app.inject({ method: method as InjectOptions['method'], url, headers, payload: payload || undefined });
  let json: any = null;
  try {
    json = res.json();
  } catch {
    json = null;
  }
  return { status: res.statusCode, body: json, res };
}

export const get = (t: TestApp, path: string, opts?: CallOptions) => call(t, 'GET', path, undefined, opts);
export const post = (t: TestApp, path: string, body?: unknown, opts?: CallOptions) => call(t, 'POST', path, body ?? {}, opts);

let phoneSeq = 0;
/** A fresh, valid, unused mainland mobile number for this test process. */
export const nextPhone = () => `139${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSeq).padStart(5, '0')}`;

/** Factory: a vendor with a main account (and its token) made directly in the database. */
export async function createVendor(t: TestApp, opts: { phone?: string; password?: string; company?: string } = {}) {
  const phone = opts.phone ?? nextPhone();
  const password = opts.password ?? 'secret123';
  const now = nowIso();
  const vendor = await t.db.insertInto('vendors').values({ company: opts.company ?? `测试厂家${phone.slice(-4)}`, created_at: now }).returning('id').executeTakeFirstOrThrow();
  const user = await t.db
    .insertInto('users')
    .values({ vendor_id: vendor.id, is_sub: 0, phone, name: '测试', password_hash: await hashPassword(password), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const login = await post(t, API.login, { phone, password, isSubAccount: false });
  return { vendorId: vendor.id, userId: user.id, phone, password, token: login.body.data.token as string };
}

/** Factory: a sub-account of `vendorId` holding the given menu ids (with data scope), logged in. */
export async function createSubAccount(t: TestApp, vendorId: number, menus: Array<number | [number, number]> = []) {
  const account = `sub${randomBytes(4).toString('hex')}`;
  const password = 'secret123';
  const user = await t.db
    .insertInto('users')
    .values({ vendor_id: vendorId, is_sub: 1, account, name: '子账号', password_hash: await hashPassword(password), created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (menus.length) {
    await t.db
      .insertInto('user_menus')
      .values(menus.map((m) => ({ user_id: user.id, menu_id: Array.isArray(m) ? m[0] : m, vendor_id: vendorId, data_permissions: Array.isArray(m) ? m[1] : 0 })))
      .execute();
  }
  const login = await post(t, API.login, { account, password, isSubAccount: true });
  return { userId: user.id, account, password, token: login.body.data.token as string };
}

/** Factory: an operator of the platform console, logged in (role header 'platform'). */
export async function createOperator(t: TestApp) {
  const account = `op${randomBytes(3).toString('hex')}`;
  await t.db.insertInto('operators').values({ account, name: '测试运营', password_hash: await hashPassword('secret123'), created_at: nowIso() }).execute();
  const login = await post(t, '/api/platform/login', { account, password: 'secret123' }, { role: 'platform' });
  return { account, token: login.body.data.token as string, role: 'platform' as const };
}

/** The latest 6-digit code the log sender put in the development outbox for `phone`. */
export async function lastSmsCode(db: DB, phone: string) {
  const row = await db.selectFrom('sms_outbox').select('content').where('phone', '=', phone).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return /(\d{6})/.exec(row?.content ?? '')?.[1] ?? '';
}

/** A captcha uuid and its text, read as the development outbox would answer it. */
export async function solveCaptcha(t: TestApp) {
  const img = await get(t, API.captchaImage);
  const uuid = img.body.data.uuid as string;
  const dev = await t.app.inject({ method: 'GET', url: API.devCaptcha(uuid) });
  return { uuid, code: dev.json().data.text as string };
}

/** Ask for an SMS code (through the real captcha) and read it back from the outbox. */
export async function smsCodeFor(t: TestApp, phone: string, type: string) {
  const cap = await solveCaptcha(t);
  const r = await post(t, API.sendCode, { phone, type, ...cap });
  if (r.body.code !== 200) throw new Error(`sendCode failed: ${r.body.msg}`);
  return lastSmsCode(t.db, phone);
}
