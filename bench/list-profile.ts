// The order list one case at a time (app.inject, no HTTP, one client), on the seeded bench database of
// bench/orders.ts: on PostgreSQL each SQL statement a call runs with its mean time, and Node's and
// PostgreSQL's CPU per call; on SQLite (PROF_DB=sqlite) the process's CPU per call.
// Run: npx tsx bench/list-profile.ts (PROF_N calls per case, PROF_CASES=substring,…, BENCH_ORDERS)
import pg from 'pg';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import { API } from '@portal/domain/api-paths';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { connectDatabase } from '../apps/server/src/db/connect';
import { RATE_LIMITS_OFF } from '../apps/server/src/plugins/rate-limit';
import { BENCH_SERVER_ENV, postgresCpuMs } from './lib/server-process';

const N = Number(process.env.PROF_N ?? 300);
const ORDERS = process.env.BENCH_ORDERS ?? 1_000_000;
const PG = process.env.PROF_DB !== 'sqlite';
const url = PG ? `postgres://postgres@127.0.0.1:5432/bench_orders_${ORDERS}` : join(tmpdir(), 'bench-orders', `orders-${ORDERS}.sqlite`);
const stats = new Map<string, { n: number; ms: number }>();
const orig = pg.Client.prototype.query as unknown as (...a: unknown[]) => Promise<unknown>;
(pg.Client.prototype as unknown as { query: unknown }).query = function (this: unknown, q: unknown, v?: unknown, cb?: unknown) {
  const text = typeof q === 'string' ? q : ((q as { text?: string })?.text ?? '');
  const t0 = performance.now();
  const r = orig.call(this, q, v, cb);
  const note = () => {
    const k = text.replace(/\s+/g, ' ').trim().slice(0, 90);
    const s = stats.get(k) ?? { n: 0, ms: 0 };
    s.n++;
    s.ms += performance.now() - t0;
    stats.set(k, s);
  };
  if (r && typeof (r as Promise<unknown>).then === 'function') (r as Promise<unknown>).then(note, note);
  return r;
};

const dir = mkdtempSync(join(tmpdir(), 'list-prof-'));
const config = loadConfig({ DATABASE_URL: url, DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', PORTAL_DEMO_DATA: '0', WEB_DIST: join(dir, 'none'), ...RATE_LIMITS_OFF, ...BENCH_SERVER_ENV });
const handle = await connectDatabase(url);
const app = await buildApp(config, handle);
await app.ready();
const headers = (method: string, path: string, query: string, body: string, token = '') => {
  const timestamp = String(freshTimestamp());
  return { role: 'manufacturer', timestamp, token, signature: sign(config.SIGN_KEY, { method, path, rawQuery: query, timestamp, token, body }), 'content-type': 'application/json' };
};
async function login(v: number) {
  const body = JSON.stringify({ phone: `170${String(v).padStart(8, '0')}`, password: 'bench123456', isSubAccount: false });
  return (await app.inject({ method: 'POST', url: API.login, headers: headers('POST', API.login, '', body), payload: body })).json().data.token as string;
}
const typical = await login(500);
const big = await login(0);
const cases: Array<[string, Record<string, string | number>, string]> = [
  ['page 1 (vendor with ~900 orders)', { pageNum: 1, pageSize: 50 }, typical],
  ['keyword 王建华', { keyWords: '王建华', pageNum: 1, pageSize: 50 }, typical],
  ['keyword MRC1892', { keyWords: 'MRC1892', pageNum: 1, pageSize: 50 }, typical],
  ['status 700 + 保内 + 90 days', { status: 700, label: '保内', minCreateTime: new Date(Date.now() - 90 * 86400_000).toISOString().slice(0, 10), pageNum: 1, pageSize: 50 }, typical],
  ['pending shortcut', { status: '200,300,400,500,600,700,900', node: '530,630', pageNum: 1, pageSize: 50 }, typical],
  ['page 1, big vendor', { pageNum: 1, pageSize: 50 }, big],
  ['keyword 王建华, big vendor', { keyWords: '王建华', pageNum: 1, pageSize: 50 }, big],
  ['keyword 建华, big vendor', { keyWords: '建华', pageNum: 1, pageSize: 50 }, big],
  ['keyword KFR-35GW, big vendor', { keyWords: 'KFR-35GW', pageNum: 1, pageSize: 50 }, big],
];
const only = process.env.PROF_CASES?.split(',');
const backends = async () => (PG ? (await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(handle.db)).rows.length : 0);
for (const [title, query, token] of cases) {
  if (only && !only.some((c) => title.includes(c))) continue;
  const qs = Object.keys(query).sort().map((k) => `${k}=${encodeURIComponent(String(query[k]))}`).join('&');
  const call = async () => {
    const r = await app.inject({ method: 'GET', url: `${API.orderList}?${qs}`, headers: headers('GET', API.orderList, qs, '', token) });
    if (r.statusCode !== 200 || r.json().code !== 200) throw new Error(r.body.slice(0, 200));
  };
  for (let i = 0; i < 30; i++) await call();
  stats.clear();
  const cpu0 = process.cpuUsage();
  const db0 = PG ? postgresCpuMs() : 0;
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await call();
  const wall = (performance.now() - t0) / N;
  const cpu = process.cpuUsage(cpu0);
  const db = PG ? (postgresCpuMs() - db0) / N : 0;
  const dbPart = PG ? `, PostgreSQL CPU ${db.toFixed(2)} ms (${await backends()} connections)` : '';
  console.log(`\n${title}: ${wall.toFixed(2)} ms a call, Node CPU ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms${dbPart}`);
  for (const [k, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms)) console.log(`  ${(s.n / N).toFixed(2)} × ${(s.ms / s.n).toFixed(2)} ms  ${k}`);
}
await app.close();
await handle.db.destroy();
