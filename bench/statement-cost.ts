// What each SQL statement of one order-list (or product-list) call costs on PostgreSQL: the call's statements are
// captured once (app.inject, production mode), then each is replayed N times on one connection of its
// own, printing PostgreSQL's CPU (the backend's, from /proc) and Node's CPU and wall time a statement.
// On the seeded bench database of bench/orders.ts. Run: npx tsx bench/statement-cost.ts
// (STMT_VENDOR: the bench vendor's number, 0 the big one; STMT_QUERY: the list's query string;
// STMT_N: replays a statement; STMT_SHOW=1 also prints each statement and its values; STMT_EXPLAIN=1
// prints each statement's EXPLAIN ANALYZE after its replays, JIT included; BENCH_ORDERS;
// STMT_LIST=products: the product list on bench/product-list.ts's database instead, BENCH_PRODUCTS)
import pg from 'pg';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { API } from '@portal/domain/api-paths';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { connectDatabase } from '../apps/server/src/db/connect';
import { RATE_LIMITS_OFF } from '../apps/server/src/plugins/rate-limit';
import { BENCH_SERVER_ENV } from './lib/server-process';
import { BENCH_PASSWORD, BENCH_PHONE } from './lib/seed-products';

process.env.NODE_ENV = BENCH_SERVER_ENV.NODE_ENV; // answers not checked against their schemas, as served
const products = process.env.STMT_LIST === 'products';
const url = products
  ? `postgres://postgres@127.0.0.1:5432/bench_products_${process.env.BENCH_PRODUCTS ?? 100_000}`
  : `postgres://postgres@127.0.0.1:5432/bench_orders_${process.env.BENCH_ORDERS ?? 1_000_000}`;
const N = Number(process.env.STMT_N ?? 1000);
const query = process.env.STMT_QUERY ?? (products ? 'pageNum=1&pageSize=10' : 'pageNum=1&pageSize=50');
const listPath = products ? API.productList : API.orderList;

type Captured = { text: string; values: unknown[]; name?: string };
let captured: Captured[] | null = null;
const original = pg.Client.prototype.query as unknown as (...a: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: unknown }).query = function (this: unknown, q: unknown, v?: unknown, cb?: unknown) {
  if (captured) captured.push(typeof q === 'string' ? { text: q, values: v as unknown[] } : { ...(q as Captured), values: (q as Captured).values ?? (v as unknown[]) });
  return original.call(this, q, v, cb);
};

const dir = mkdtempSync(join(tmpdir(), 'stmt-cost-'));
const config = loadConfig({ DATABASE_URL: url, DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', PORTAL_DEMO_DATA: '0', WEB_DIST: join(dir, 'none'), WEBHOOK_POLL_MS: '0', SLA_SWEEP_SECONDS: '0', ...RATE_LIMITS_OFF, ...BENCH_SERVER_ENV });
const handle = await connectDatabase(url, { poolMax: 1 });
const app = await buildApp(config, handle);
await app.ready();
const headers = (method: string, path: string, rawQuery: string, body: string, token = '') => {
  const timestamp = String(freshTimestamp());
  return { role: 'manufacturer', timestamp, token, signature: sign(config.SIGN_KEY, { method, path, rawQuery, timestamp, token, body }), 'content-type': 'application/json' };
};
const login = products
  ? JSON.stringify({ phone: BENCH_PHONE, password: BENCH_PASSWORD, isSubAccount: false })
  : JSON.stringify({ phone: `170${String(Number(process.env.STMT_VENDOR ?? 0)).padStart(8, '0')}`, password: 'bench123456', isSubAccount: false });
const token = (await app.inject({ method: 'POST', url: API.login, headers: headers('POST', API.login, '', login), payload: login })).json().data.token as string;
const call = () => app.inject({ method: 'GET', url: `${listPath}?${query}`, headers: headers('GET', listPath, query, '', token) });
for (let i = 0; i < 5; i++) await call(); // cards built, plans warm
captured = [];
await call();
const statements = captured;
captured = null;
await app.close();
await handle.db.destroy();

const c = new pg.Client({ connectionString: url });
await c.connect();
const pid = (await c.query('select pg_backend_pid() as p')).rows[0].p as number;
const backendMs = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10; // clock ticks of 10 ms
};
console.log(`${listPath}?${query}${products ? '' : ` (vendor ${process.env.STMT_VENDOR ?? 0})`}: ${statements.length} statements, each replayed ${N} times`);
for (const s of statements) {
  if (process.env.STMT_SHOW) console.log(JSON.stringify(s));
  const q = s.name ? { name: s.name, text: s.text, values: s.values } : { text: s.text, values: s.values };
  for (let i = 0; i < 100; i++) await c.query(q);
  const db0 = backendMs();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await c.query(q);
  const cpu = process.cpuUsage(cpu0);
  const us = (v: number) => v.toFixed(0).padStart(5);
  console.log(`PostgreSQL ${us(((backendMs() - db0) / N) * 1000)} µs  Node ${us((cpu.user + cpu.system) / N)} µs  wall ${us(((performance.now() - t0) / N) * 1000)} µs  ${s.name ? 'named ' : ''}${s.text.replace(/\s+/g, ' ').slice(0, 100)}`);
  if (process.env.STMT_EXPLAIN && /^\s*(\/\*.*?\*\/\s*)?(select|with)/is.test(s.text)) {
    const plan = await c.query({ text: `explain (analyze, buffers) ${s.text}`, values: s.values });
    for (const r of plan.rows) console.log(`    ${r['QUERY PLAN']}`);
  }
}
await c.end();
