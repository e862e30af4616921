// Does each piece of SQLite-only tuning still pay for itself? (issue #15, "proportion")
// One process, the real app on a copy of the bench database listening on a port, four order-list cases
// each loaded by wrk with 32 connections (bench/lib/load.ts), for each variant in turn (A B C D, then
// again): the process's CPU a request, p50/p99, and full (mark-compact) GCs per 1,000 requests. Variants:
//   all      — the server as it is
//   nocache  — statements prepared on every call and rows built by better-sqlite3 (no db/sqlite-statements.ts, decision 105)
//   kyselylock — Kysely's own connection mutex instead of the FIFO lock (db/sqlite-dialect.ts, issue #6 session 2)
//   v8growing — V8's own heap growing instead of --heap-growing-percent=100 (heap-growing.ts, decision 109)
// And the keyword index (decision 111): counting three keywords of the big vendor on the index as the
// writes left it, and after a merge.
// Run with the server's V8 flags (decision 090), as the server runs:
//   NODE_OPTIONS="$(node -p "require('./scripts/server-node-options.mjs')" 2>/dev/null || echo --max-semi-space-size=8 --max-old-space-size=1024)" npx tsx bench/proportion.ts [seconds per case, default 8]   (BENCH_ORDERS picks the cached database)
import Sqlite from 'better-sqlite3';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { Kysely, SqliteDialect } from 'kysely';
import { API } from '@portal/domain/api-paths';
import { sign } from '@portal/domain/signature';
import '../apps/server/src/heap-growing';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/database';
import { keywordIndexSegments, mergeKeywordIndex } from '../apps/server/src/db/keyword-index-merge.mjs';
import { keywordMatch, registerSearchGrams } from '../apps/server/src/db/search-grams';
import { PortalSqliteDialect } from '../apps/server/src/db/sqlite-dialect';
import { cachedStatements } from '../apps/server/src/db/sqlite-statements';
import { RATE_LIMITS_OFF } from '../apps/server/src/plugins/rate-limit';
import { load } from './lib/load';

const SECONDS = Number(process.argv[2] ?? 8);
const TOTAL = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const source = join(tmpdir(), 'bench-orders', `orders-${TOTAL}.sqlite`);
if (!existsSync(source)) throw new Error(`${source} missing: run bench/orders.ts first`);
const dir = mkdtempSync(join(tmpdir(), 'bench-proportion-'));
const file = join(dir, 'orders.sqlite');
copyFileSync(source, file);
for (const ext of ['-wal', '-shm']) if (existsSync(source + ext)) copyFileSync(source + ext, file + ext);

// ---- the keyword index as the writes left it, then merged
{
  const raw = new Sqlite(file);
  const vendor = (raw.prepare("select vendor_id as v from users where phone = '17000000000'").get() as { v: number }).v;
  const count = raw.prepare('select count(*) as n from (select rowid from order_grams where order_grams match ? limit 10001)');
  const time = (kw: string) => {
    const q = keywordMatch(vendor, kw);
    count.get(q);
    // CPU time, not wall time: the machine is shared, and a wait for a core is no cost of the query.
    const t0 = process.cpuUsage();
    let n = 0;
    for (let i = 0; i < 50; i++) n = (count.get(q) as { n: number }).n;
    const c = process.cpuUsage(t0);
    return { n, us: (c.user + c.system) / 50 };
  };
  const kws = ['王建华', '建华', 'KFR-35GW'];
  const before = kws.map(time);
  const segments = keywordIndexSegments(raw);
  const m = await mergeKeywordIndex(raw);
  const after = kws.map(time);
  console.log(`keyword index: ${segments} segments as left by writes → ${m.segmentsAfter} after a merge (${m.steps} steps, ${(m.ms / 1000).toFixed(1)} s)`);
  kws.forEach((k, i) => console.log(`  count ${k} (${before[i]!.n}): ${before[i]!.us.toFixed(0)} µs → ${after[i]!.us.toFixed(0)} µs`));
  raw.close();
}

// ---- the list under each variant
type Variant = 'all' | 'nocache' | 'kyselylock' | 'v8growing';
function handleFor(v: Variant) {
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  registerSearchGrams(sqlite);
  // nocache: better-sqlite3 prepares each statement on each call, as Kysely's own driver does.
  const uncached = {
    prepare: (sql: string) => {
      const s = sqlite.prepare(sql);
      return { reader: s.reader, readonly: s.readonly, all: (p: readonly unknown[]) => s.all(p as unknown[]), run: (p: readonly unknown[]) => s.run(p as unknown[]), iterate: (p: readonly unknown[]) => s.iterate(p as unknown[]) };
    },
    close: () => sqlite.close(),
    get inTransaction() {
      return sqlite.inTransaction;
    },
  };
  const database = v === 'nocache' ? uncached : cachedStatements(sqlite);
  const dialect = v === 'kyselylock' ? new SqliteDialect({ database }) : new PortalSqliteDialect({ writer: database });
  return { db: new Kysely<Database>({ dialect }), dialect: 'sqlite' as const };
}
const config = loadConfig({ DATABASE_URL: file, DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', PORTAL_DEMO_DATA: '0', WEB_DIST: join(dir, 'none'), ...RATE_LIMITS_OFF });
let fullGcs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if ((e as unknown as { detail?: { kind?: number } }).detail?.kind === 4) fullGcs++; // NODE_PERFORMANCE_GC_MAJOR
}).observe({ entryTypes: ['gc'] });

async function runVariant(v: Variant) {
  setFlagsFromString(v === 'v8growing' ? '--heap-growing-percent=0' : '--heap-growing-percent=100');
  const handle = handleFor(v);
  const app = await buildApp(config, handle);
  await app.ready();
  const signed = (method: string, path: string, rawQuery: string, body: string, token = '') => {
    const timestamp = String(Date.now());
    return { role: 'manufacturer', timestamp, token, signature: sign(config.SIGN_KEY, { method, path, rawQuery, timestamp, token, body }), 'content-type': 'application/json' };
  };
  const login = async (phone: string) => {
    const body = JSON.stringify({ phone, password: 'bench123456', isSubAccount: false });
    return (await app.inject({ method: 'POST', url: API.login, headers: signed('POST', API.login, '', body), payload: body })).json().data.token as string;
  };
  const typical = await login('17000000500');
  const big = await login('17000000000');
  const cases = [
    { name: 'page 1, typical vendor', token: typical, qs: 'pageNum=1&pageSize=50' },
    { name: 'MRC1892, typical vendor', token: typical, qs: `keyWords=${encodeURIComponent('MRC1892')}&pageNum=1&pageSize=50` },
    { name: 'page 1, big vendor', token: big, qs: 'pageNum=1&pageSize=50' },
    { name: '王建华, big vendor', token: big, qs: `keyWords=${encodeURIComponent('王建华')}&pageNum=1&pageSize=50` },
  ];
  // Real HTTP from wrk in its own process (bench/lib/load.ts): app.inject at 32 in flight queued its
  // responses' writes behind setImmediate and held thousands of them (1 GB, out of memory in round 1).
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const results = [];
  for (const c of cases) {
    const headers = signed('GET', API.orderList, c.qs, '', c.token);
    const url = `${base}${API.orderList}?${c.qs}`;
    await load(url, headers, 32, 2); // warm-up
    const gc0 = fullGcs;
    const cpu0 = process.cpuUsage();
    const r = await load(url, headers, 32, SECONDS);
    const cpu = process.cpuUsage(cpu0);
    results.push({ name: c.name, rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors, cpu: (cpu.user + cpu.system) / 1000 / Math.max(r.requests, 1), gcPer1000: ((fullGcs - gc0) * 1000) / Math.max(r.requests, 1) });
  }
  await app.close();
  await handle.db.destroy();
  return { v, results };
}

const variants: Variant[] = ['all', 'nocache', 'kyselylock', 'v8growing'];
const rows: Awaited<ReturnType<typeof runVariant>>[] = [];
for (const round of [1, 2]) for (const v of variants) {
  const r = await runVariant(v);
  rows.push(r);
  for (const c of r.results) console.log(`round ${round} ${v} ${c.name}: ${c.rps.toFixed(0)} req/s, CPU ${c.cpu.toFixed(3)} ms a request, p50 ${c.p50.toFixed(1)} ms, p99 ${c.p99.toFixed(1)} ms, full GCs ${c.gcPer1000.toFixed(2)} per 1,000 requests, errors ${c.errors}`);
}
const names = rows[0]!.results.map((c) => c.name);
console.log(`\n| variant | ${names.map((n) => `${n}: CPU a request (ms), p99 (ms)`).join(' | ')} | full GCs per 1,000 requests |\n|---|${names.map(() => '---').join('|')}|---|`);
for (const v of variants) {
  const rs = rows.filter((r) => r.v === v);
  const cell = (i: number) => rs.map((r) => `${r.results[i]!.cpu.toFixed(3)}, ${r.results[i]!.p99.toFixed(1)}`).join(' / ');
  const gcs = rs.map((r) => (r.results.reduce((a, c) => a + c.gcPer1000, 0) / r.results.length).toFixed(2)).join(', ');
  console.log(`| ${v} | ${names.map((_, i) => cell(i)).join(' | ')} | ${gcs} |`);
}
rmSync(dir, { recursive: true, force: true });
