// Create + pay in one process (app.inject, no HTTP): orders/s, the process's CPU per order, and every
// SQL statement an order runs with its mean time (waits for locks included), on a fresh database.
// Run: npx tsx bench/write-profile.ts  (PROF_DB=pg for PostgreSQL at 127.0.0.1, PROF_N orders,
// PROF_C concurrent clients, PROF_LINES products an order, PROF_PRAGMA="wal_autocheckpoint=…;…" SQLite pragmas to try,
// PROF_PG_SET="session_replication_role=replica;…" PostgreSQL settings of the fresh database to try)
import pg from 'pg';
import { join } from 'node:path';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { API } from '@portal/domain/api-paths';
import { loadConfig } from '../apps/server/src/config';
import { setupDatabase } from '../apps/server/src/db/setup';
import { buildApp } from '../apps/server/src/app';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { RATE_LIMITS_OFF } from '../apps/server/src/plugins/rate-limit';
import { BENCH_SERVER_ENV } from './lib/server-process';
import { warnOfOpenWriters } from './lib/pg-seeded';
import { sql } from 'kysely';

const PG = process.env.PROF_DB === 'pg';
const N = Number(process.env.PROF_N ?? 300);
const C = Number(process.env.PROF_C ?? 8);
const LINES = Number(process.env.PROF_LINES ?? 1);
const stats = new Map<string, { n: number; ms: number }>();
let total = 0;
let last = '';
if (PG) {
  const orig = pg.Client.prototype.query as unknown as (...a: unknown[]) => any;
  (pg.Client.prototype as any).query = function (this: unknown, q: any, v?: unknown, cb?: unknown) {
    const text = typeof q === 'string' ? q : q?.text ?? '';
    const t0 = performance.now();
    const r = orig.call(this, q, v, cb);
    if (r && typeof r.then === 'function') r.then(() => { const k = text.slice(0, 60).replace(/\s+/g, ' '); const s = stats.get(k) ?? { n: 0, ms: 0 }; s.n++; s.ms += performance.now() - t0; stats.set(k, s); total++; }, () => {});
    return r;
  };
}
if (!PG) {
  const Sqlite = (await import('better-sqlite3')).default;
  const tmp = new Sqlite(':memory:');
  const proto = Object.getPrototypeOf(tmp.prepare('select 1'));
  tmp.close();
  for (const m of ['run', 'all', 'get']) {
    const orig = proto[m];
    proto[m] = function (this: any, ...args: any[]) {
      const t0 = performance.now();
      try { return orig.apply(this, args); } finally {
        let k = String(this.source).slice(0, 60).replace(/\s+/g, ' ');
        if (k === 'commit') k += ' after ' + last; else last = k.slice(0, 30);
        const s = stats.get(k) ?? { n: 0, ms: 0 }; s.n++; s.ms += performance.now() - t0; stats.set(k, s); total++;
      }
    };
  }
}
let url: string;
if (PG) {
  const name = 'writes_prof';
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  for (const set of (process.env.PROF_PG_SET ?? '').split(';').filter(Boolean)) await admin.query(`alter database ${name} set ${set}`);
  await admin.end();
  url = `postgres://postgres@127.0.0.1:5432/${name}`;
} else url = join(mkdtempSync(join(tmpdir(), 'writes-prof-')), 'p.sqlite');
const dir = mkdtempSync(join(tmpdir(), 'writes-prof-d-'));
const config = loadConfig({ DATABASE_URL: url, DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', PORTAL_DEMO_DATA: '0', WEB_DIST: join(dir, 'none'), ...RATE_LIMITS_OFF, ...BENCH_SERVER_ENV });
const handle = await setupDatabase(config);
const db = handle.db as any;
for (const p of (process.env.PROF_PRAGMA ?? '').split(';').filter(Boolean)) console.log(p, await sql.raw(`pragma ${p}`).execute(db).then((r) => JSON.stringify(r.rows)));
const now = new Date().toISOString();
const v = await db.insertInto('vendors').values({ company: '压测厂家', created_at: now, balance_fen: 10_000_000_000 }).returning('id').executeTakeFirstOrThrow();
await db.insertInto('users').values({ vendor_id: v.id, is_sub: 0, phone: '17000000001', name: '厂家1', password_hash: await hashPassword('bench123456'), created_at: now }).execute();
const u = await db.selectFrom('users').select('id').where('phone', '=', '17000000001').executeTakeFirstOrThrow();
const products = await db.insertInto('products').values(Array.from({ length: LINES }, (_, i) => ({ vendor_id: v.id, created_by: u.id, category_id: 10102, category_id_one: 101, category_id_two: 1010, category_name: '1.5P', category_name_one: '空调', category_name_two: '挂机', model_name: `KFR-35GW/BP3DN8Y-${i + 1}`, installation_fen: 15000, guide_installation_fen: 20000, repair_fen: 8000, check_status: 1, created_at: now }))).returning('id').execute();
const app = await buildApp(config, handle);
await app.ready();
function signed(method: string, path: string, body: string, token = '') {
  const timestamp = String(freshTimestamp());
  return { role: 'manufacturer', timestamp, token, signature: sign(config.SIGN_KEY, { method, path, rawQuery: '', timestamp, token, body }), 'content-type': 'application/json' };
}
const lb = JSON.stringify({ phone: '17000000001', password: 'bench123456', isSubAccount: false });
const token = (await app.inject({ method: 'POST', url: API.login, headers: signed('POST', API.login, lb), payload: lb })).json().data.token;
const addBody = JSON.stringify({ parole: 1, serviceType: 1, realName: '压测客户', phone: '13912345678', provinceId: '310000', provinceName: '上海市', cityId: '310100', cityName: '上海市', districtId: '310112', districtName: '闵行区', detailAddress: '莘松路1号', productList: products.map((p: { id: number }) => ({ productId: p.id, number: 1 })) });
async function one() {
  const a = (await app.inject({ method: 'POST', url: API.orderAdd, headers: signed('POST', API.orderAdd, addBody, token), payload: addBody })).json();
  if (a.code !== 200) throw new Error(JSON.stringify(a));
  const path = API.orderPay(a.data);
  const r = (await app.inject({ method: 'POST', url: path, headers: signed('POST', path, '{}', token), payload: '{}' })).json();
  if (r.code !== 200) throw new Error(JSON.stringify(r));
}
for (let i = 0; i < 50; i++) await one(); // warm
stats.clear(); total = 0;
// SQLite: the WAL frames (pages) the run writes, from an emptied WAL (meaningful with wal_autocheckpoint=0).
const walFrames = async () => (PG ? 0 : Number(((await sql.raw('pragma wal_checkpoint(passive)').execute(db)).rows[0] as any)?.log ?? 0));
if (!PG) await sql.raw('pragma wal_checkpoint(truncate)').execute(db);
// PostgreSQL's own CPU: the backends serving this database, from /proc (clock ticks of 10 ms).
// Backends opened during the run count from their start.
const backendPids = async () => PG ? (await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db)).rows.map((r) => r.pid) : [];
const ticksOf = (pid: number) => { try { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return Number(f[11]) + Number(f[12]); } catch { return 0; } };
const ticks0 = new Map((await backendPids()).map((pid) => [pid, ticksOf(pid)]));
if (PG) await warnOfOpenWriters(url, 'before the run');
let left = N;
const t0 = performance.now();
const cpu0 = process.cpuUsage();
await Promise.all(Array.from({ length: C }, async () => { while (left-- > 0) await one(); }));
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const backends = await backendPids();
const pgCpu = PG ? `, PostgreSQL cpu ${((backends.reduce((sum, pid) => sum + ticksOf(pid) - (ticks0.get(pid) ?? 0), 0) * 10) / N).toFixed(2)} ms/order (${backends.length} backends)` : '';
console.log(`${PG ? 'pg' : 'sqlite'}: ${N} orders in ${ms.toFixed(0)} ms = ${(N / ms * 1000).toFixed(0)}/s, node cpu ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms/order (system ${(cpu.system / 1000 / N).toFixed(2)}); statements ${total} = ${(total / N).toFixed(1)}/order${pgCpu}`);
if (!PG) console.log(`WAL frames written: ${((await walFrames()) / N).toFixed(1)} an order (counts all only with wal_autocheckpoint=0)`);
for (const [k, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40)) console.log(`${(s.n / N).toFixed(2)}  ${(s.ms / s.n).toFixed(2)} ms  ${k}`);
const bal = await db.selectFrom('vendors').select('balance_fen').where('id', '=', v.id).executeTakeFirstOrThrow();
const led = await db.selectFrom('account_records').select(sql`sum(amount_fen)`.as('s')).where('vendor_id', '=', v.id).where('settled', '=', 1).executeTakeFirstOrThrow();
console.log('balance', bal.balance_fen, 'ledger sum', led.s, 'expected', 10_000_000_000 + Number(led.s));
await app.close();
await handle.db.destroy();
