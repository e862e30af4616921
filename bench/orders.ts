// Orders at scale (SQLite, or PostgreSQL with DATABASE_URL=postgres://…): 1,000,000 orders across 1,000 vendors (one vendor holds 100,000), then
//  1. order creation + payment throughput (create then pay, concurrent clients);
//  2. export of the big vendor's 100,000 orders: time and the server's peak RSS;
//  3. GET /api/app/order/list with keyword and filters beside a bare route (wrk or autocannon, one run).
// The server runs in its own process (bench/lib/serve.ts); this process only generates load.
// The seeded database is cached under $TMPDIR/bench-orders (delete it to re-seed); on PostgreSQL it is
// the database bench_orders_<BENCH_ORDERS> beside DATABASE_URL's (drop it to re-seed).
// Run: npx tsx bench/orders.ts   (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_ORDERS, BENCH_PHASES=create,export,list,
// BENCH_LIST_CASES, WORKERS: server processes, BENCH_LOAD=autocannon to use autocannon instead of wrk)
import Sqlite from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@portal/domain/api-paths';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { loadConfig } from '../apps/server/src/config';
import { registerSearchGrams } from '../apps/server/src/db/search-grams';
import { setupDatabase } from '../apps/server/src/db/setup';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { load } from './lib/load';
import { postJson } from './lib/post-json';
import { migrateCached } from './lib/migrate-cached';
import { seedPostgres } from './lib/seed-orders-pg';
import { seededRows, warnOfOpenWriters } from './lib/pg-seeded';
import { BENCH_SERVER_ENV, postgresCpuMs, startServerProcess } from './lib/server-process';
import { hostSpan, type HostReading } from './lib/host';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARM_UP = 2; // seconds of unmeasured load before each measured run
const LIST_WARM_UP = 10; // seconds of list load before the first list case
const CREATE_WARM_UP = 5; // seconds of unmeasured create + pay before the measured run
const TOTAL = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const WORKERS = Number(process.env.WORKERS ?? 1);
// BENCH_LIST_CASES: only the list cases whose titles contain one of these comma-separated words.
const LIST_CASES = process.env.BENCH_LIST_CASES?.split(',');
const PHASES = new Set((process.env.BENCH_PHASES ?? 'create,export,list').split(','));
const VENDORS = 1000;
const BIG = Math.min(100_000, Math.floor(TOTAL / 10));
const START_BALANCE = 10_000_000_000; // fen, of the two vendors that pay (both seeds)

const dir = join(tmpdir(), 'bench-orders');
mkdirSync(dir, { recursive: true });
const PG = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
// PostgreSQL's CPU (every postgres process on the machine: run the bench alone) beside the server's.
const dbCpuMs = () => (PG ? postgresCpuMs() : 0);
const file = PG ? Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/bench_orders_${TOTAL}` }).toString() : join(dir, `orders-${TOTAL}.sqlite`);
const config = loadConfig({ DATABASE_URL: file, DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', PORTAL_DEMO_DATA: '0', WEB_DIST: join(dir, 'none'), SIGN_KEY: BENCH_SERVER_ENV.SIGN_KEY });

/** Bulk seed with one prepared statement per table inside big transactions, into a file renamed when complete. */
async function seedDatabase() {
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const setup = await setupDatabase({ ...config, DATABASE_URL: partial });
  await setup.db.destroy();
  const t0 = Date.now();
  const raw = new Sqlite(partial);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  registerSearchGrams(raw); // the order_search triggers fill the keyword index
  const now = new Date().toISOString();
  const pw = await hashPassword('bench123456');
  const insVendor = raw.prepare('insert into vendors (company, created_at, balance_fen) values (?, ?, ?)');
  const insUser = raw.prepare('insert into users (vendor_id, is_sub, phone, name, password_hash, created_at) values (?, 0, ?, ?, ?, ?)');
  const insProduct = raw.prepare(`insert into products (vendor_id, created_by, category_id, category_id_one, category_id_two, category_name, category_name_one, category_name_two, model_name, installation_fen, guide_installation_fen, repair_fen, check_status, created_at)
    values (?, ?, 10102, 101, 1010, '1.5P', '空调', '挂机', ?, 15000, 20000, 8000, 1, ?)`);
  const vendorIds: number[] = [];
  const userIds: number[] = [];
  const productIds: number[][] = [];
  raw.transaction(() => {
    for (let v = 0; v < VENDORS; v++) {
      const vid = Number(insVendor.run(`压测厂家${v}`, now, v === 0 || v === 1 ? 10_000_000_000 : 0).lastInsertRowid);
      const uid = Number(insUser.run(vid, `170${String(v).padStart(8, '0')}`, `厂家${v}`, pw, now).lastInsertRowid);
      vendorIds.push(vid);
      userIds.push(uid);
      productIds.push(['KFR-35GW/BP3DN8Y', 'EC6002-MC5', 'MRC1892-600G', 'CXW-260-E610', 'XQG100-HBD14126L'].map((m) => Number(insProduct.run(vid, uid, `${m}-${v}`, now).lastInsertRowid)));
    }
  })();

  const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
  const GIVEN = ['建华', '美玲', '志刚', '秀英', '磊', '婷婷', '国庆', '晓燕', '文斌', '静', '海涛', '丽'];
  const STATUSES = [100, 200, 300, 400, 500, 510, 600, 650, 700, 700, 700, 800];
  const NODE: Record<number, number> = { 100: 110, 200: 210, 300: 310, 400: 410, 500: 510, 510: 530, 600: 560, 650: 630, 700: 710, 800: 810 };
  const insOrder = raw.prepare(`insert into orders (vendor_id, created_by, order_no, status, node, parole, service_type, urgent_flag, real_name, phone, province_id, province_name, city_id, city_name, district_id, district_name, detail_address, remarks, total_fen, real_pay_fen, completion_time, created_at, updated_at)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '310000', '上海市', '310100', '上海市', '310112', '闵行区', ?, ?, ?, ?, ?, ?, ?)`);
  const insLine = raw.prepare('insert into order_products (order_id, vendor_id, product_id, category_name, model_name, number, price_fen) values (?, ?, ?, ?, ?, ?, ?)');
  const modelOf = ['KFR-35GW/BP3DN8Y', 'EC6002-MC5', 'MRC1892-600G', 'CXW-260-E610', 'XQG100-HBD14126L'];
  let seq = 0;
  const span = 365 * 86400_000;
  const start = Date.now();
  function seedVendorOrders(v: number, n: number) {
    for (let i = 0; i < n; i++) {
      seq++;
      const status = STATUSES[seq % STATUSES.length]!;
      const created = new Date(start - ((seq * 7919) % span)).toISOString();
      const k = seq % 5;
      const name = `${SURNAMES[seq % SURNAMES.length]}${GIVEN[(seq >> 3) % GIVEN.length]}`;
      const phone = `13${String(100000000 + ((seq * 104729) % 900000000)).slice(0, 9)}`;
      const oid = Number(insOrder.run(vendorIds[v], userIds[v], `GD${String(seq).padStart(20, '0')}`, status, NODE[status], seq % 4 ? 1 : 2, (seq % 4) + 1, seq % 9 ? 0 : 1, name, phone,
        `莘松路${seq % 999}弄${seq % 30}号`, seq % 6 ? '' : '请提前电话联系', 15000, status === 100 ? 0 : 15000, status === 700 ? created : null, created, created).lastInsertRowid);
      insLine.run(oid, vendorIds[v], productIds[v]![k], '1.5P', modelOf[k], 1, 15000);
    }
  }
  const others = TOTAL - BIG;
  const per = Math.floor(others / (VENDORS - 1));
  const extra = others - per * (VENDORS - 1);
  for (let from = 0; from < VENDORS; from += 50) {
    raw.transaction(() => {
      for (let v = from; v < Math.min(from + 50, VENDORS); v++) seedVendorOrders(v, v === 0 ? BIG : per + (v <= extra ? 1 : 0));
    })();
  }
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.exec('analyze');
  raw.close();
  const seedSeconds = (Date.now() - t0) / 1000;
  renameSync(partial, file);
  return seedSeconds;
}

const seedSeconds = PG
  ? (await seededRows(file, 'orders')) ? null : await seedPostgres(config, file, TOTAL, BIG, VENDORS, await hashPassword('bench123456'))
  : existsSync(file) ? null : await seedDatabase();

const lateMigrations = await migrateCached(file);
if (lateMigrations.length) console.log(`cached database: applied ${lateMigrations.join(', ')}`);

// ---- the real server on that database, in its own process
const server = await startServerProcess(file, dir, { workers: WORKERS, nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ') });
const base = server.base;

function signed(method: string, path: string, rawQuery: string, body: string, token = '') {
  const timestamp = String(freshTimestamp());
  return { role: 'manufacturer', timestamp, token, signature: sign(config.SIGN_KEY, { method, path, rawQuery, timestamp, token, body }), 'content-type': 'application/json' };
}
async function login(v: number) {
  const body = JSON.stringify({ phone: `170${String(v).padStart(8, '0')}`, password: 'bench123456', isSubAccount: false });
  const r = await fetch(base + API.login, { method: 'POST', headers: signed('POST', API.login, '', body), body }).then((x) => x.json());
  return r.data.token as string;
}
const typical = 500;
const tokenTypical = await login(typical);
const tokenBig = await login(0);
const tokenPay = await login(1);

// Vendor 1 (phone 17000000001) pays for the created orders; its first product is ordered.
const productSql = "select p.id from products p join users u on u.vendor_id = p.vendor_id where u.phone = '17000000001' order by p.id limit 1";
let total: number;
let product: number;
if (PG) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: file });
  await c.connect();
  total = Number((await c.query('select count(*) as n from orders')).rows[0].n);
  product = Number((await c.query(productSql)).rows[0].id);
  await c.end();
} else {
  const lookup = new Sqlite(file, { readonly: true });
  total = (lookup.prepare('select count(*) as n from orders').get() as { n: number }).n;
  product = (lookup.prepare(productSql).get() as { id: number }).id;
  lookup.close();
}
const seeded = seedSeconds === null ? 'cached database' : `seeded in ${seedSeconds.toFixed(0)} s`;
console.log(`${total.toLocaleString()} orders for ${VENDORS} vendors (big vendor ${BIG.toLocaleString()}; ${seeded}); ${CONNECTIONS} connections, ${DURATION} s each, ${PG ? 'PostgreSQL' : 'SQLite'}, server in its own process`);
const host = hostSpan();
if (PG) await warnOfOpenWriters(file, 'before the runs');

// Every figure of the run, written as JSON to BENCH_JSON when set (bench/compare.ts reads it). Each case
// carries its reference route's figures of the same run (`ref`), measured right after it.
interface Load { rps: number; p50: number; p99: number; cpuMs: number; dbCpuMs?: number; errors: number }
interface CaseResult extends Load { case: string; total: number | string | null; ref?: Load }
interface CreatePay { ordersPerSecond: number; cpuMs: number; dbCpuMs?: number; clientCpuMs: number; failures: number; invariants: string }
const results: { engine: string; orders: number; workers: number; connections: number; seconds: number; load: string; loadAverage: number[]; host?: HostReading; cases: CaseResult[]; createPay?: CreatePay & { ref?: CreatePay; twoCalls?: CreatePay } } = {
  engine: PG ? 'PostgreSQL' : 'SQLite', orders: 0, workers: WORKERS, connections: CONNECTIONS, seconds: DURATION, load: '', loadAverage: [], cases: [],
};

/** `url` under load for DURATION after WARM_UP: req/s, latency, and the server's (and PostgreSQL's) CPU a request. */
async function loaded(url: string, headers: Record<string, string>): Promise<Load> {
  await load(url, headers, CONNECTIONS, WARM_UP); // JIT and caches warm: steady state only
  const cpu0 = server.stats().cpuMs;
  const db0 = dbCpuMs();
  const r = await load(url, headers, CONNECTIONS, DURATION);
  const n = Math.max(r.requests, 1);
  return { rps: r.rps, p50: r.p50, p99: r.p99, cpuMs: (server.stats().cpuMs - cpu0) / n, dbCpuMs: PG ? (dbCpuMs() - db0) / n : undefined, errors: r.errors };
}

const cpuText = (l: { cpuMs: number; dbCpuMs?: number }) => `${l.cpuMs.toFixed(2)} ms${l.dbCpuMs === undefined ? '' : ` + PostgreSQL ${l.dbCpuMs.toFixed(2)} ms`}`;

/** A list case, then its reference route (the same page and total by one hand-written statement), each under the same load. */
async function measure(title: string, path: string, query: Record<string, string | number> = {}, token = tokenTypical) {
  if (LIST_CASES && !LIST_CASES.some((c) => title.includes(c))) return;
  const qs = Object.keys(query).sort().map((k) => `${k}=${encodeURIComponent(String(query[k]))}`).join('&');
  const url = `${base}${path}${qs ? `?${qs}` : ''}`;
  const res = await fetch(url, { headers: signed('GET', path, qs, '', token) }).then((x) => x.json());
  const refUrl = `${base}/bench/ref/orders${qs ? `?${qs}` : ''}`;
  const refRes = await fetch(refUrl, { headers: signed('GET', '/bench/ref/orders', qs, '', token) }).then((x) => x.json());
  if (refRes.total !== res.total || refRes.rows.length !== res.rows.length) throw new Error(`${title}: the reference answers ${refRes.total}/${refRes.rows.length} rows, the route ${res.total}/${res.rows.length}`);
  const c = await loaded(url, signed('GET', path, qs, '', token));
  const ref = await loaded(refUrl, signed('GET', '/bench/ref/orders', qs, '', token));
  results.cases.push({ case: title, total: res.totalBounded ? `${res.total}+` : (res.total ?? null), ...c, ref });
  console.log(`| ${title} | ${res.total ?? ''} | ${c.rps.toFixed(0)} | ${ref.rps.toFixed(0)} | ${c.rps / ref.rps >= 0.5 ? (c.rps / ref.rps).toFixed(2) : `**${(c.rps / ref.rps).toFixed(2)}**`} | ${cpuText(c)} | ${cpuText(ref)} | ${c.p99.toFixed(1)} ms | ${c.errors + ref.errors} |`);
}

// ---- creation + payment throughput
const addBody = JSON.stringify({ remarks: '', parole: 1, serviceType: 1, realName: '压测客户', phone: '13912345678', provinceId: '310000', provinceName: '上海市', cityId: '310100', cityName: '上海市', districtId: '310112', districtName: '闵行区', detailAddress: '莘松路1号', productList: [{ productId: product, number: 1 }] });
/**
 * 8 clients each creating an order at `createPath` (the body `bodyOf` gives) and then paying it at
 * `payPath`, one after another, for `seconds`.
 */
async function createThenPayClients(seconds: number, createPath: string, bodyOf: (client: number, i: number) => string, payPath: (id: number) => string) {
  let made = 0;
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: 8 }, async (_, client) => {
    for (let i = 0; Date.now() < until; i++) {
      const body = bodyOf(client, i);
      const a = await post(base + createPath, signed('POST', createPath, '', body, tokenPay), body);
      if (a.code !== 200) { failed++; continue; }
      const path = payPath(a.data);
      const p = await post(base + path, signed('POST', path, '', '{}', tokenPay), '{}');
      if (p.code === 200) made++; else failed++;
    }
  }));
  return { made, failed };
}
// Each call's body differs (its remarks), so no two calls carry the same signature.
const createPayClients = (seconds: number) => createThenPayClients(seconds, API.orderAdd, (client, i) => addBody.replace('"remarks":""', `"remarks":"c${client}-${i}"`), API.orderPay);
/** The reference's plain SQL in two signed calls, as the portal's create and pay are. */
const twoCallReferenceClients = (seconds: number) =>
  createThenPayClients(seconds, '/bench/ref/create', (client, i) => JSON.stringify({ productId: product, call: `${client}-${i}` }), (id) => `/bench/ref/pay/${id}`);
// BENCH_CLIENT=fetch: the clients use fetch, as before session 11 (to compare the clients' own CPU).
const post = process.env.BENCH_CLIENT === 'fetch'
  ? (url: string, headers: Record<string, string>, body: string) => fetch(url, { method: 'POST', headers, body }).then((x) => x.json())
  : postJson;
/** 8 clients each creating and paying an order in one call of the reference route, one after another, for `seconds`. */
async function referenceClients(seconds: number) {
  let made = 0;
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: 8 }, async (_, client) => {
    for (let i = 0; Date.now() < until; i++) {
      const body = JSON.stringify({ productId: product, call: `${client}-${i}` });
      const r = await post(`${base}/bench/ref/create-pay`, signed('POST', '/bench/ref/create-pay', '', body, tokenPay), body);
      if (r.code === 200) made++; else failed++;
    }
  }));
  return { made, failed };
}

/** Orders/s and CPU an order of `clients` (after as many seconds unmeasured), and the wallet's invariants after. */
async function throughput(clients: (seconds: number) => Promise<{ made: number; failed: number }>): Promise<CreatePay> {
  // Unmeasured first: the server's code paths compile in its first seconds of writes.
  await clients(CREATE_WARM_UP);
  const client0 = process.cpuUsage();
  const tp0 = Date.now();
  const cpu0 = server.stats().cpuMs;
  const db0 = dbCpuMs();
  const { made, failed } = await clients(DURATION);
  const seconds = (Date.now() - tp0) / 1000;
  const n = Math.max(made, 1);
  const clientUsage = process.cpuUsage(client0);
  return {
    ordersPerSecond: made / seconds, cpuMs: (server.stats().cpuMs - cpu0) / n, dbCpuMs: PG ? (dbCpuMs() - db0) / n : undefined,
    clientCpuMs: (clientUsage.user + clientUsage.system) / 1000 / n, failures: failed, invariants: await walletInvariants(),
  };
}

async function createAndPay() {
  const real = await throughput(createPayClients);
  const ref = await throughput(referenceClients);
  const twoCalls = await throughput(twoCallReferenceClients);
  results.createPay = { ...real, ref, twoCalls };
  console.log(`\ncreate + pay, 8 clients: ${real.ordersPerSecond.toFixed(0)} orders/s (server CPU ${cpuText(real)} an order; failures ${real.failures}); reference transaction ${ref.ordersPerSecond.toFixed(0)} orders/s (${cpuText(ref)}; failures ${ref.failures}): ${(real.ordersPerSecond / ref.ordersPerSecond).toFixed(2)} of the reference (target ≥ 0.5). ${ref.invariants}`);
  console.log(`the same reference work in two signed calls: ${twoCalls.ordersPerSecond.toFixed(0)} orders/s (${cpuText(twoCalls)}; failures ${twoCalls.failures}): the route is ${(real.ordersPerSecond / twoCalls.ordersPerSecond).toFixed(2)} of it, split in two the reference reaches ${(twoCalls.ordersPerSecond / ref.ordersPerSecond).toFixed(2)} of itself. ${twoCalls.invariants}`);
}

// ---- export of the big vendor's 100,000 orders; the peak RSS is the server process's own
async function exportBig() {
  const before = server.stats();
  const te = Date.now();
  const exp = await fetch(base + API.orderExport, { method: 'POST', headers: signed('POST', API.orderExport, '', '{}', tokenBig), body: '{}' });
  let bytes = 0;
  for await (const chunk of exp.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const after = server.stats();
  const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;
  console.log(`export of ${BIG.toLocaleString()} orders: HTTP ${exp.status}, ${((Date.now() - te) / 1000).toFixed(1)} s, ${(bytes / 1048576).toFixed(1)} MB xlsx, server peak RSS ${mb(after.peakRss)} (RSS before ${mb(before.rss)})`);
}

// ---- the list beside a bare route and its reference routes of the same server
async function listPhase() {
  const bare = await loaded(`${base}/bench/bare`, {});
  console.log(`\nload: ${CONNECTIONS} connections, ${DURATION} s each after ${WARM_UP} s of warm-up; server processes: ${WORKERS}; bare route ${bare.rps.toFixed(0)} req/s at ${cpuText(bare)} a call`);
  console.log('| request | total | req/s | reference req/s | ratio | CPU a call | reference CPU a call | p99 | errors |\n|---|---|---|---|---|---|---|---|---|');
  results.load = process.env.BENCH_LOAD ?? 'wrk';
  results.cases.push({ case: 'bare route', total: null, ...bare });
  // The list's own code warms up over its first seconds of load (V8 optimising it).
  const first = `${API.orderList}?pageNum=1&pageSize=50`;
  await load(base + first, signed('GET', API.orderList, 'pageNum=1&pageSize=50', '', tokenTypical), CONNECTIONS, LIST_WARM_UP);
  await measure('list page 1, no filter (vendor with ~900 orders)', API.orderList, { pageNum: 1, pageSize: 50 });
  await measure('list keyword customer name 王建华', API.orderList, { keyWords: '王建华', pageNum: 1, pageSize: 50 });
  await measure('list keyword product model MRC1892', API.orderList, { keyWords: 'MRC1892', pageNum: 1, pageSize: 50 });
  await measure('list status 700 + label 保内 + created in 90 days', API.orderList, { status: 700, label: '保内', minCreateTime: new Date(Date.now() - 90 * 86400_000).toISOString().slice(0, 10), pageNum: 1, pageSize: 50 });
  await measure('list pending shortcut (statuses + nodes)', API.orderList, { status: '200,300,400,500,600,700,900', node: '530,630', pageNum: 1, pageSize: 50 });
  await measure('list page 1, big vendor (100,000 orders)', API.orderList, { pageNum: 1, pageSize: 50 }, tokenBig);
  await measure('list keyword, big vendor (100,000 orders)', API.orderList, { keyWords: '王建华', pageNum: 1, pageSize: 50 }, tokenBig);
  // Keywords that match many of the big vendor's orders: two characters, and a model on a fifth of its orders.
  await measure('list keyword 建华, big vendor', API.orderList, { keyWords: '建华', pageNum: 1, pageSize: 50 }, tokenBig);
  await measure('list keyword KFR-35GW, big vendor', API.orderList, { keyWords: 'KFR-35GW', pageNum: 1, pageSize: 50 }, tokenBig);
}

/**
 * Issue #15's invariants after the writes, for the paying vendor: its balance equals the start balance
 * plus its settled ledger, and no order has more than one payment record.
 */
async function walletInvariants(): Promise<string> {
  const balanceSql = "select v.balance_fen as balance, (select coalesce(sum(amount_fen), 0) from account_records a where a.vendor_id = v.id and a.settled = 1) as ledger from vendors v join users u on u.vendor_id = v.id where u.phone = '17000000001'";
  const twiceSql = "select count(*) as n from (select order_id from account_records where payment_type = 1 and order_id is not null group by order_id having count(*) > 1) t";
  let balance: number, ledger: number, twice: number;
  if (PG) {
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: file });
    await c.connect();
    ({ balance, ledger } = (await c.query(balanceSql)).rows[0]);
    twice = Number((await c.query(twiceSql)).rows[0].n);
    await c.end();
  } else {
    const lookup = new Sqlite(file, { readonly: true });
    ({ balance, ledger } = lookup.prepare(balanceSql).get() as { balance: number; ledger: number });
    twice = (lookup.prepare(twiceSql).get() as { n: number }).n;
    lookup.close();
  }
  const ok = Number(balance) === START_BALANCE + Number(ledger) && twice === 0;
  return `invariants ${ok ? 'hold' : 'BROKEN'} (balance ${balance} = ${START_BALANCE} + settled ledger ${ledger}: ${Number(balance) === START_BALANCE + Number(ledger)}; orders paid twice: ${twice})`;
}

if (PHASES.has('create')) await createAndPay();
if (PHASES.has('export')) await exportBig();
// The list runs last: requests autocannon leaves queued would otherwise slow the phases above.
if (PHASES.has('list')) await listPhase();
await server.stop();
if (PG) await warnOfOpenWriters(file, 'after the runs');
results.orders = total;
results.loadAverage = loadavg();
results.host = host.end();
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
