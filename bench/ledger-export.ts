// Time and peak memory of POST /api/app/records/export over 100,000 and 1,000,000 ledger records,
// through the real server over HTTP. Run: npx tsx bench/ledger-export.ts [rows…]
// Each size is seeded once into a cached SQLite file under $TMPDIR, then served by a fresh child
// server process; sign-in and
// download go through curl, so the peak RSS is the exporting server's own.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API } from '@portal/domain/api-paths';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { loadConfig } from '../apps/server/src/config';
import { buildApp } from '../apps/server/src/app';
import { setupDatabase } from '../apps/server/src/db/setup';
import { hashPassword } from '../apps/server/src/lib/passwords';

const PHONE = '13800000001';
const PASSWORD = 'bench123456';
const cacheDir = join(tmpdir(), 'bench-ledger-export');
const dbFile = (rows: number) => join(cacheDir, `ledger-${rows}.sqlite`);

/** Fill a fresh database with one vendor and `rows` ledger records spread over a year. */
async function seed(rows: number) {
  const file = dbFile(rows);
  rmSync(file, { force: true });
  const config = loadConfig({ DATABASE_URL: file, DATA_DIR: join(cacheDir, 'data'), LOG_LEVEL: 'silent', PORTAL_DEMO_DATA: '0' });
  const handle = await setupDatabase(config);
  const now = new Date().toISOString();
  const vendor = await handle.db.insertInto('vendors').values({ company: '基准测试厂家', created_at: now }).returning('id').executeTakeFirstOrThrow();
  await handle.db.insertInto('users').values({ vendor_id: vendor.id, is_sub: 0, phone: PHONE, name: '基准', password_hash: await hashPassword(PASSWORD), created_at: now }).execute();
  await handle.db.destroy();

  // Raw prepared inserts in one transaction: seeding 1M rows through the query builder takes minutes.
  const Sqlite = (await import('better-sqlite3')).default;
  const db = new Sqlite(file);
  const insert = db.prepare(`insert into account_records (vendor_id, change_type, amount_fen, before_balance_fen, balance_after_fen, settled, payment_type,
    pay_method, pay_status, order_no, transaction_flow_no, operator, remarks, pay_time, created_at) values (?, ?, ?, ?, ?, 1, ?, 1, 1, ?, ?, ?, ?, ?, ?)`);
  const start = Date.UTC(2026, 0, 1);
  const step = (365 * 24 * 3600 * 1000) / rows;
  let balance = 0;
  db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      const income = i % 4 === 0;
      const amount = income ? 500_000 + (i % 97) * 100 : -(10_000 + (i % 1000) * 13);
      const before = balance;
      balance += amount;
      const at = new Date(start + i * step).toISOString();
      insert.run(vendor.id, income ? 1 : 0, amount, before, balance, income ? 3 : 1, income ? null : `GD${String(i).padStart(12, '0')}`,
        `2026${String(i).padStart(19, '0')}`, income ? '平台运营' : '基准', income ? '平台充值' : '', at, at);
    }
  })();
  db.close();
}

/** POST `body` with curl (its own process, so this process holds only the server); stdout is -w's text. */
function curl(url: string, headers: Record<string, string>, body: string, extra: string[] = []) {
  const h = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  return new Promise<string>((resolve, reject) =>
    execFile('curl', ['-s', '-X', 'POST', '--data-binary', body, ...h, ...extra, url], { maxBuffer: 1 << 20 }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
  );
}

/** In a fresh process: serve the database and download the export over HTTP, discarding bytes. */
async function exportOnce(rows: number) {
  const dir = join(cacheDir, `run-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const config = loadConfig({ DATABASE_URL: dbFile(rows), DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', PORTAL_DEMO_DATA: '0', WEB_DIST: join(dir, 'none') });
  const handle = await setupDatabase(config);
  const app = await buildApp(config, handle);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const signed = (path: string, body: string, token = '') => {
    const timestamp = String(freshTimestamp());
    return { role: 'manufacturer', timestamp, token, signature: sign(config.SIGN_KEY, { method: 'POST', path, rawQuery: '', timestamp, token, body }), 'content-type': 'application/json' };
  };
  const loginBody = JSON.stringify({ phone: PHONE, password: PASSWORD, isSubAccount: false });
  const token = JSON.parse(await curl(base + API.login, signed(API.login, loginBody), loginBody)).data.token as string;

  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  let peakHeap = 0;
  let peakExternal = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakExternal = Math.max(peakExternal, m.external);
  }, 20);
  const t0 = performance.now();
  const written = await curl(base + API.recordsExport, signed(API.recordsExport, '{}', token), '{}', ['-o', '/dev/null', '-w', '%{http_code} %{size_download}']);
  const seconds = (performance.now() - t0) / 1000;
  const [status, bytes] = written.trim().split(' ').map(Number);
  clearInterval(sampler);
  await app.close();
  await handle.db.destroy();
  rmSync(dir, { recursive: true, force: true });
  const maxRss = process.resourceUsage().maxRSS * 1024;
  console.log(JSON.stringify({ rows, status, seconds, bytes, baselineRss: baseline, peakRss: Math.max(peak, maxRss), peakHeap, peakExternal }));
}

/**
 * The export pipeline alone (database → xlsx → /dev/null) with a forced GC every 4 s, printing the
 * live heap: what stays allocated, as opposed to garbage V8 has not collected yet.
 * Run: node --expose-gc --import tsx bench/ledger-export.ts --live 1000000
 */
async function liveHeap(rows: number) {
  const { createWriteStream } = await import('node:fs');
  const { pipeline } = await import('node:stream/promises');
  const { connectDatabase } = await import('../apps/server/src/db/connect');
  const { recordBatches } = await import('../apps/server/src/modules/wallet/wallet.repository');
  const { streamRecordsXlsx } = await import('../apps/server/src/modules/wallet/records-export');
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc --import tsx');
  const h = await connectDatabase(dbFile(rows));
  let done = 0;
  async function* counted() {
    for await (const b of recordBatches(h.db, 1, {})) {
      done += b.length;
      yield b;
    }
  }
  const timer = setInterval(() => {
    gc();
    const m = process.memoryUsage();
    console.log(`${String(done).padStart(8)} rows written   live heap ${m.heapUsed >> 20} MB   external ${m.external >> 20} MB   rss ${m.rss >> 20} MB`);
  }, 4000);
  await pipeline(streamRecordsXlsx(counted(), console.error), createWriteStream('/dev/null'));
  clearInterval(timer);
  await h.db.destroy();
}

const mode = process.argv[2];
if (mode === '--seed') await seed(Number(process.argv[3]));
else if (mode === '--export') await exportOnce(Number(process.argv[3]));
else if (mode === '--live') await liveHeap(Number(process.argv[3]));
else {
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
  const self = fileURLToPath(import.meta.url);
  mkdirSync(cacheDir, { recursive: true });
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
  const env = { ...process.env };
  console.log('rows        time     file      peak RSS   (RSS before export, peak JS heap, peak external)');
  for (const rows of sizes.length ? sizes : [100_000, 1_000_000]) {
    if (!existsSync(dbFile(rows))) execFileSync(process.execPath, ['--import', 'tsx', self, '--seed', String(rows)], { stdio: 'inherit' });
    const out = execFileSync(process.execPath, ['--import', 'tsx', self, '--export', String(rows)], { encoding: 'utf8', env });
    const r = JSON.parse(out.trim().split('\n').pop()!);
    if (r.status !== 200) throw new Error(`export answered HTTP ${r.status}`);
    console.log(`${String(rows).padEnd(10)} ${r.seconds.toFixed(2).padStart(6)} s ${mb(r.bytes).padStart(8)} ${mb(r.peakRss).padStart(10)}   (${mb(r.baselineRss)}, ${mb(r.peakHeap)}, ${mb(r.peakExternal)})`);
  }
}
