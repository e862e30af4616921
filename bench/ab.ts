// Interleaved A/B on one host: bench/orders.ts of an older checkout and of this one, run old, new, old, new
// (AB_ROUNDS pairs), each on the same cached database, and every case's CPU a call and ratio compared.
// Run: npx tsx bench/ab.ts <old checkout>   (a `git worktree add` of the older commit, with node_modules
// linked; env as for bench/orders.ts — DATABASE_URL for PostgreSQL, BENCH_PHASES default create,
// BENCH_SECONDS, WORKERS default 2). The old checkout must know every migration the database has applied.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Load { rps: number; cpuMs: number; dbCpuMs?: number }
interface CreatePay { ordersPerSecond: number; cpuMs: number; dbCpuMs?: number; failures: number; invariants: string }
interface Run { cases: Array<Load & { case: string; ref?: Load }>; createPay?: CreatePay & { ref?: CreatePay; twoCalls?: CreatePay } }

const oldDir = process.argv[2];
if (!oldDir) throw new Error('usage: npx tsx bench/ab.ts <old checkout>');
const newDir = fileURLToPath(new URL('..', import.meta.url));
const rounds = Number(process.env.AB_ROUNDS ?? 2);

function run(dir: string, label: string): Run {
  const out = join(tmpdir(), `bench-ab-${process.pid}-${label}.json`);
  const env = { ...process.env, WORKERS: process.env.WORKERS ?? '2', BENCH_PHASES: process.env.BENCH_PHASES ?? 'create', BENCH_JSON: out };
  console.log(`\n## ${label} (${resolve(dir)}, ${new Date().toISOString().slice(11, 19)} UTC)`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, 'bench/orders.ts')], { cwd: dir, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${label}: bench/orders.ts exited with ${r.status}`);
  const result = JSON.parse(readFileSync(out, 'utf8')) as Run;
  rmSync(out, { force: true });
  return result;
}

const runs: { side: 'old' | 'new'; r: Run }[] = [];
for (let i = 1; i <= rounds; i++) {
  runs.push({ side: 'old', r: run(oldDir, `old ${i}`) });
  runs.push({ side: 'new', r: run(newDir, `new ${i}`) });
}

// Each row: a figure per run (old 1, new 1, old 2, new 2, …), then the mean of new over the mean of old.
const cpu = (l?: { cpuMs: number; dbCpuMs?: number }) => (l ? l.cpuMs + (l.dbCpuMs ?? 0) : NaN);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const rows: Array<[string, (r: Run) => number]> = [];
const first = runs[0]!.r;
if (first.createPay) {
  rows.push(['create + pay, orders/s', (r) => r.createPay!.ordersPerSecond]);
  rows.push(['create + pay, CPU an order (server + database), ms', (r) => cpu(r.createPay)]);
  rows.push(['reference transaction, orders/s', (r) => r.createPay!.ref!.ordersPerSecond]);
  rows.push(['route ÷ reference', (r) => r.createPay!.ordersPerSecond / r.createPay!.ref!.ordersPerSecond]);
  rows.push(['route ÷ two-call reference', (r) => r.createPay!.ordersPerSecond / r.createPay!.twoCalls!.ordersPerSecond]);
}
for (const c of first.cases) {
  const of = (r: Run) => r.cases.find((x) => x.case === c.case);
  rows.push([`${c.case}: CPU a call, ms`, (r) => cpu(of(r))]);
  rows.push([`${c.case}: ratio to its reference`, (r) => (of(r)?.rps ?? NaN) / (of(r)?.ref?.rps ?? NaN)]);
}
console.log(`\n| figure | ${runs.map((x, i) => `${x.side} ${Math.floor(i / 2) + 1}`).join(' | ')} | new ÷ old (means) |`);
console.log(`|---|${runs.map(() => '---:').join('|')}|---:|`);
for (const [name, f] of rows) {
  const side = (s: 'old' | 'new') => mean(runs.filter((x) => x.side === s).map((x) => f(x.r)));
  console.log(`| ${name} | ${runs.map((x) => f(x.r).toFixed(2)).join(' | ')} | ${(side('new') / side('old')).toFixed(2)} |`);
}
const failures = runs.map((x) => x.r.createPay?.failures ?? 0).reduce((a, b) => a + b, 0);
console.log(`\nfailures ${failures}; ${runs.map((x) => x.r.createPay?.invariants ?? '').filter(Boolean).at(-1) ?? ''}`);
