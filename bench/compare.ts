// npm run bench:compare — bench/orders.ts on SQLite and then on PostgreSQL, one table of both.
// Each engine's run is a separate process with its own server; its cases (the bare route of the same
// run first) come back as JSON (BENCH_JSON). Env as for bench/orders.ts (BENCH_ORDERS, BENCH_SECONDS,
// BENCH_CONNECTIONS, BENCH_PHASES, WORKERS — default 2 here); BENCH_PG_URL is the PostgreSQL server
// (default postgres://postgres@127.0.0.1:5432/postgres; the bench database bench_orders_<n> sits beside it).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostLine, type HostReading } from './lib/host';

interface Load { rps: number; p50: number; p99: number; cpuMs: number; dbCpuMs?: number; errors: number }
interface CaseResult extends Load { case: string; total: number | string | null; ref?: Load }
interface CreatePay { ordersPerSecond: number; cpuMs: number; dbCpuMs?: number; clientCpuMs?: number; failures: number; invariants: string }
interface Run { engine: string; orders: number; workers: number; connections: number; seconds: number; load: string; loadAverage: number[]; host?: HostReading; cases: CaseResult[]; createPay?: CreatePay & { ref?: CreatePay; twoCalls?: CreatePay } }

const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ordersTs = fileURLToPath(new URL('./orders.ts', import.meta.url));
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
// Each engine's last result is kept; BENCH_REUSE=sqlite (or postgres) prints that one instead of running
// it again, e.g. when the two cannot both run in one quiet window.
const saved = join(tmpdir(), 'bench-compare');
mkdirSync(saved, { recursive: true });
const reuse = new Set((process.env.BENCH_REUSE ?? '').split(',').filter(Boolean));

function run(engine: string): Run {
  const keep = join(saved, `${engine}-${process.env.BENCH_ORDERS ?? 1_000_000}.json`);
  if (reuse.has(engine)) {
    const r = JSON.parse(readFileSync(keep, 'utf8')) as Run & { at: string };
    console.log(`\n## ${engine}: the saved run of ${r.at}`);
    return r;
  }
  const out = join(tmpdir(), `bench-compare-${engine}-${process.pid}.json`);
  const started = Date.now();
  const env: NodeJS.ProcessEnv = { ...process.env, WORKERS: process.env.WORKERS ?? '2', BENCH_JSON: out };
  if (engine === 'postgres') env.DATABASE_URL = pgUrl;
  else delete env.DATABASE_URL;
  console.log(`\n## ${engine} (${new Date().toISOString().slice(11, 16)} UTC, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', ordersTs], { env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`bench/orders.ts on ${engine} exited with ${r.status}`);
  const result = { ...(JSON.parse(readFileSync(out, 'utf8')) as Run), at: new Date(started).toISOString() };
  rmSync(out, { force: true });
  writeFileSync(keep, JSON.stringify(result, null, 2));
  console.log(`(${engine}: ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  return result;
}

const runs = engines.map(run);
const cases = [...new Set(runs.flatMap((r) => r.cases.map((c) => c.case)))];
console.log(`\n${runs.map((r) => `${r.engine} (${(r as Run & { at?: string }).at?.slice(0, 16) ?? ''}): ${r.orders.toLocaleString()} orders, ${r.workers} server processes, ${r.connections} connections × ${r.seconds} s (${r.load}), load average at the end ${r.loadAverage.map((l) => l.toFixed(1)).join(' ')}${r.host ? `; ${hostLine(r.host)}` : ''}`).join('\n')}\n`);
// CPU a call: the server's, plus PostgreSQL's where it runs beside it.
const cpu = (c: { cpuMs: number; dbCpuMs?: number }) => `${c.cpuMs.toFixed(2)}${c.dbCpuMs === undefined ? '' : ` + ${c.dbCpuMs.toFixed(2)}`} ms`;
// The target (bench/README.md): each case at least half its reference's req/s in the same run.
const ratio = (a: number, b: number) => {
  const x = a / b;
  return x >= 0.5 ? x.toFixed(2) : `**${x.toFixed(2)}**`;
};
console.log(`| case | ${runs.map((r) => `${r.engine} total | req/s | reference req/s | ratio | CPU a call | reference CPU a call | p99`).join(' | ')} |`);
console.log(`|---|${runs.map(() => '---:|---:|---:|---:|---:|---:|---:').join('|')}|`);
for (const name of cases) {
  const cells = runs.map((r) => {
    const c = r.cases.find((x) => x.case === name);
    if (!c) return ' | | | | | | ';
    return `${c.total ?? ''} | ${c.rps.toFixed(0)} | ${c.ref ? c.ref.rps.toFixed(0) : ''} | ${c.ref ? ratio(c.rps, c.ref.rps) : ''} | ${cpu(c)} | ${c.ref ? cpu(c.ref) : ''} | ${c.p99.toFixed(1)} ms`;
  });
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}
for (const r of runs) {
  const cp = r.createPay;
  if (!cp) continue;
  const ref = cp.ref;
  console.log(`\n${r.engine} create + pay, 8 clients: ${cp.ordersPerSecond.toFixed(0)} orders/s at ${cpu(cp)} an order (${cp.failures} failures)` +
    (ref ? `; the reference transaction ${ref.ordersPerSecond.toFixed(0)} orders/s at ${cpu(ref)}: ratio ${ratio(cp.ordersPerSecond, ref.ordersPerSecond)}` : '') +
    (cp.twoCalls ? `; the reference work in two signed calls ${cp.twoCalls.ordersPerSecond.toFixed(0)} orders/s at ${cpu(cp.twoCalls)}: ratio ${ratio(cp.ordersPerSecond, cp.twoCalls.ordersPerSecond)}` : '') + `. ${cp.invariants}`);
}
console.log('\nRatio: the case\'s req/s over its reference route\'s (one hand-written statement, the same server, right after it); bold below the 0.5 target. p99 is printed, not a target on these hosts.');
