// GET /api/app/products/list with filters over 100,000 products of one vendor among 1,000 vendors,
// each beside its reference route (one hand-written statement, bench/lib/reference-routes.ts) and a bare
// route of the same server, in one run, on SQLite or PostgreSQL (DATABASE_URL=postgres://…). Target: each
// case at least half its reference's req/s (bench/README.md).
// The server runs in its own process(es) (bench/lib/serve.ts); this process only generates load.
// The seeded database is cached: $TMPDIR/bench-products/products-<BENCH_PRODUCTS>.sqlite, or the database
// bench_products_<BENCH_PRODUCTS> beside DATABASE_URL's (delete / drop it to re-seed).
// Run: npx tsx bench/product-list.ts   (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_PRODUCTS, WORKERS, BENCH_CASES=substring,…,
// BENCH_NODE_ARGS: node flags for the server process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof")
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@portal/domain/api-paths';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { loadConfig } from '../apps/server/src/config';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { load } from './lib/load';
import { BENCH_PASSWORD, BENCH_PHONE, seedProductsPostgres, seedProductsSqlite } from './lib/seed-products';
import { seededRows, warnOfOpenWriters } from './lib/pg-seeded';
import { BENCH_SERVER_ENV, postgresCpuMs, startServerProcess } from './lib/server-process';
import { hostSpan } from './lib/host';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARM_UP = 2; // seconds of unmeasured load before each measured run
const TARGET_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const WORKERS = Number(process.env.WORKERS ?? 1);
const CASES = process.env.BENCH_CASES?.split(',');

const dir = join(tmpdir(), 'bench-products');
mkdirSync(dir, { recursive: true });
const PG = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
const url = PG ? Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/bench_products_${TARGET_PRODUCTS}` }).toString() : join(dir, `products-${TARGET_PRODUCTS}.sqlite`);
const config = loadConfig({ DATABASE_URL: url, DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', PORTAL_DEMO_DATA: '0', WEB_DIST: join(dir, 'none'), SIGN_KEY: BENCH_SERVER_ENV.SIGN_KEY });

const cached = PG ? (await seededRows(url, 'products')) !== null : existsSync(url);
const seedSeconds = cached ? null : PG
  ? await seedProductsPostgres(config, url, TARGET_PRODUCTS, await hashPassword(BENCH_PASSWORD))
  : await seedProductsSqlite(config, url, TARGET_PRODUCTS, await hashPassword(BENCH_PASSWORD));

const server = await startServerProcess(url, dir, { workers: WORKERS, nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ') });
const base = server.base;

function signed(method: string, path: string, rawQuery: string, body: string, token = '') {
  const timestamp = String(freshTimestamp());
  return { role: 'manufacturer', timestamp, token, signature: sign(config.SIGN_KEY, { method, path, rawQuery, timestamp, token, body }), 'content-type': 'application/json' };
}
const loginBody = JSON.stringify({ phone: BENCH_PHONE, password: BENCH_PASSWORD, isSubAccount: false });
const login = await fetch(base + API.login, { method: 'POST', headers: signed('POST', API.login, '', loginBody), body: loginBody }).then((r) => r.json());
const token = login.data.token as string;

interface Load { rps: number; p99: number; cpuMs: number; dbCpuMs: number; errors: number }

/** `path` under load for DURATION after WARM_UP: req/s, p99, the server's and PostgreSQL's CPU a request. */
async function loaded(path: string, headers: Record<string, string>): Promise<Load> {
  await load(base + path, headers, CONNECTIONS, WARM_UP);
  const cpu0 = server.stats().cpuMs;
  const db0 = PG ? postgresCpuMs() : 0;
  const r = await load(base + path, headers, CONNECTIONS, DURATION);
  const n = Math.max(r.requests, 1);
  return { rps: r.rps, p99: r.p99, cpuMs: (server.stats().cpuMs - cpu0) / n, dbCpuMs: PG ? (postgresCpuMs() - db0) / n : 0, errors: r.errors };
}

const cpuText = (l: Load) => `${l.cpuMs.toFixed(2)} ms${PG ? ` + PostgreSQL ${l.dbCpuMs.toFixed(2)} ms` : ''}`;

/** A case, then its reference route (bench/lib/reference-routes.ts: the same page and total by one statement). */
async function measure(title: string, query: string | null) {
  if (CASES && query !== null && !CASES.some((c) => title.includes(c))) return;
  if (query === null) {
    const bare = await loaded('/bench/bare', {});
    console.log(`| ${title} | | ${bare.rps.toFixed(0)} | | | ${cpuText(bare)} | | ${bare.p99.toFixed(1)} ms | ${bare.errors} |`);
    return;
  }
  const headers = signed('GET', API.productList, query, '', token);
  const probe = await fetch(`${base}${API.productList}?${query}`, { headers }).then((r) => r.json());
  if (probe.code !== 200) throw new Error(`${title}: ${probe.code} ${probe.msg}`);
  const refPath = `/bench/ref/products?${query}`;
  const refHeaders = signed('GET', '/bench/ref/products', query, '', token);
  const ref0 = await fetch(base + refPath, { headers: refHeaders }).then((r) => r.json());
  if (ref0.code !== 200) throw new Error(`${title}: the reference answers ${ref0.code} ${ref0.msg}`);
  if (ref0.total !== probe.total || ref0.rows.length !== probe.rows.length) throw new Error(`${title}: the reference answers ${ref0.total}/${ref0.rows.length}, the route ${probe.total}/${probe.rows.length}`);
  const c = await loaded(`${API.productList}?${query}`, headers);
  const ref = await loaded(refPath, refHeaders);
  const ratio = c.rps / ref.rps;
  console.log(`| ${title} | ${probe.total}${probe.totalBounded ? '+' : ''} | ${c.rps.toFixed(0)} | ${ref.rps.toFixed(0)} | ${ratio >= 0.5 ? ratio.toFixed(2) : `**${ratio.toFixed(2)}**`} | ${cpuText(c)} | ${cpuText(ref)} | ${c.p99.toFixed(1)} ms | ${c.errors + ref.errors} |`);
}

const seeded = seedSeconds === null ? 'cached database' : `seeded in ${seedSeconds.toFixed(0)} s`;
console.log(`${TARGET_PRODUCTS.toLocaleString()} products for the measured vendor, 50 for each of 999 others (${seeded}); ${CONNECTIONS} connections, ${DURATION} s each after ${WARM_UP} s of warm-up, ${PG ? 'PostgreSQL' : 'SQLite'}, server processes: ${WORKERS}`);
const host = hostSpan();
if (PG) await warnOfOpenWriters(url, 'before the runs');
console.log('| request | total | req/s | reference req/s | ratio | CPU a call | reference CPU a call | p99 | errors |\n|---|---|---|---|---|---|---|---|---|');
await measure('bare route', null);
await measure('page 1 of 10, no filter', 'pageNum=1&pageSize=10');
await measure('page 500 of 10', 'pageNum=500&pageSize=10');
await measure('second-level category + passed', 'categoryId2=101&isCheck=1&pageNum=1&pageSize=10');
await measure('deepest category', 'categoryId=20102&pageNum=1&pageSize=10');
await measure('keyword model KFR-1999', `keywords=${encodeURIComponent('KFR-1999')}&pageNum=1&pageSize=10`);
await measure('keyword model kfr-19 (lower case)', `keywords=${encodeURIComponent('kfr-19')}&pageNum=1&pageSize=10`);
await measure('keyword 2 Chinese characters 空调', `keywords=${encodeURIComponent('空调')}&pageNum=1&pageSize=10`);
await measure('keyword 1 Chinese character 机', `keywords=${encodeURIComponent('机')}&pageNum=1&pageSize=10`);
await measure('price range 100-200 yuan', 'minPrice=100&maxPrice=200&pageNum=1&pageSize=10');
await measure('price range 123-123 yuan', 'minPrice=123&maxPrice=123&pageNum=1&pageSize=10');
await measure('bare route (again)', null);
host.end();
await server.stop();
if (PG) await warnOfOpenWriters(url, 'after the runs');
