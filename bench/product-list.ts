// GET /api/app/products/list with filters over 100,000 products of one vendor among 1,000 vendors,
// beside a bare route of the same server, in one run. Run: npx tsx bench/product-list.ts
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Insertable } from 'kysely';
import { API } from '@portal/domain/api-paths';
import { sign } from '@portal/domain/signature';
import { loadConfig } from '../apps/server/src/config';
import { buildApp } from '../apps/server/src/app';
import { setupDatabase } from '../apps/server/src/db/setup';
import { categoryRows } from '../apps/server/src/db/seed/categories';
import type { ProductsTable } from '../apps/server/src/db/schema/products';
import { hashPassword } from '../apps/server/src/lib/passwords';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const VENDORS = 1000;
const TARGET_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const OTHER_PRODUCTS_EACH = 50;

const dir = mkdtempSync(join(tmpdir(), 'bench-products-'));
const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL ?? join(dir, 'bench.sqlite'), DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', PORTAL_DEMO_DATA: '0', WEB_DIST: join(dir, 'none') });
const handle = await setupDatabase(config);
const { db } = handle;

// ---- data: 1,000 vendors; the target vendor holds 100,000 products, every other vendor 50.
const seedStart = Date.now();
const now = Date.now();
const vendorRows = Array.from({ length: VENDORS }, (_, i) => ({ company: `压测厂家${i + 1}`, created_at: new Date(now).toISOString() }));
for (let i = 0; i < vendorRows.length; i += 500) await db.insertInto('vendors').values(vendorRows.slice(i, i + 500)).execute();
const vendorIds = (await db.selectFrom('vendors').select('id').orderBy('id').execute()).map((v) => v.id);
const target = vendorIds[0]!;
const phone = '13800138000';
const password = 'bench123456';
const user = await db.insertInto('users').values({ vendor_id: target, is_sub: 0, phone, name: '压测', password_hash: await hashPassword(password), created_at: new Date(now).toISOString() }).returning('id').executeTakeFirstOrThrow();

const leaves = categoryRows().filter((c) => c.level === 3);
const byId = new Map(categoryRows().map((c) => [c.id, c]));
const PREFIX = ['KFR', 'JSQ', 'EC', 'MRC', 'CXW', 'XQG', 'K', 'ZJ', 'MX', 'W', 'BCD'];
function product(vendorId: number, n: number): Insertable<ProductsTable> {
  const leaf = leaves[n % leaves.length]!;
  const two = byId.get(leaf.parent_id!)!;
  const one = byId.get(two.parent_id!)!;
  const price = (k: number) => ((n * 7 + k * 13) % 5 === 0 ? null : (50 + ((n * 31 + k * 17) % 950)) * 100);
  return {
    vendor_id: vendorId, created_by: vendorId === target ? user.id : 0,
    category_id: leaf.id, category_id_one: one.id, category_id_two: two.id,
    category_name: leaf.name, category_name_one: one.name, category_name_two: two.name,
    model_name: `${PREFIX[n % PREFIX.length]}-${100000 + n}`,
    installation_fen: price(1) ?? 12000, repair_fen: price(2), overhaul_fen: price(3), medium_fen: null, minor_fen: price(5), cleanse_fen: price(6), debug_fen: null,
    check_status: n % 10 === 0 ? 0 : n % 23 === 0 ? 2 : 1,
    created_at: new Date(now - (TARGET_PRODUCTS - n) * 60_000).toISOString(),
  };
}
async function insertAll(rows: Array<Insertable<ProductsTable>>) {
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < rows.length; i += 400) await tx.insertInto('products').values(rows.slice(i, i + 400)).execute();
  });
}
for (let start = 0; start < TARGET_PRODUCTS; start += 20_000) {
  await insertAll(Array.from({ length: Math.min(20_000, TARGET_PRODUCTS - start) }, (_, i) => product(target, start + i)));
}
const others: Array<Insertable<ProductsTable>> = [];
for (const v of vendorIds.slice(1)) for (let n = 0; n < OTHER_PRODUCTS_EACH; n++) others.push(product(v, n));
for (let i = 0; i < others.length; i += 20_000) await insertAll(others.slice(i, i + 20_000));
await sql`analyze`.execute(db);
const total = await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
console.log(`seeded ${Number(total.n)} products (${TARGET_PRODUCTS} for the measured vendor, ${VENDORS} vendors) in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

// ---- server: the real app plus a bench-only bare route.
const app = await buildApp(config, handle);
app.get('/bench/bare', { config: { access: 'public', signed: false } }, async () => ({ code: 200, msg: 'ok', data: null }));
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

function signed(method: string, path: string, rawQuery: string, body: string, token = '') {
  const timestamp = String(Date.now());
  return { role: 'manufacturer', timestamp, token, signature: sign(config.SIGN_KEY, { method, path, rawQuery, timestamp, token, body }), 'content-type': 'application/json' };
}
const loginBody = JSON.stringify({ phone, password, isSubAccount: false });
const login = await fetch(base + API.login, { method: 'POST', headers: signed('POST', API.login, '', loginBody), body: loginBody }).then((r) => r.json());
const token = login.data.token as string;

async function measure(title: string, query: string | null) {
  const path = query === null ? '/bench/bare' : `${API.productList}?${query}`;
  const { 'content-type': _json, ...getHeaders } = signed('GET', API.productList, query ?? '', '', token);
  const headers = query === null ? {} : getHeaders;
  if (query !== null) {
    const probe = await fetch(base + path, { headers }).then((r) => r.json());
    if (probe.code !== 200) throw new Error(`${title}: ${probe.code} ${probe.msg}`);
    title = `${title} (total ${probe.total})`;
  }
  const r = await autocannon({ url: base, connections: CONNECTIONS, duration: DURATION, requests: [{ method: 'GET', path, headers }] });
  const errors = r.errors + r.non2xx;
  console.log(`${title.padEnd(58)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   errors ${errors}`);
}

console.log(`${CONNECTIONS} connections, ${DURATION} s each, ${config.isPostgres ? 'PostgreSQL' : 'SQLite'}`);
await measure('bare route', null);
await measure('list, page 1 of 10, no filter', 'pageNum=1&pageSize=10');
await measure('list, page 500 of 10', 'pageNum=500&pageSize=10');
await measure('list, second-level category + passed', 'categoryId2=101&isCheck=1&pageNum=1&pageSize=10');
await measure('list, deepest category', 'categoryId=20102&pageNum=1&pageSize=10');
await measure('list, keyword (model/category names)', `keywords=${encodeURIComponent('KFR-1999')}&pageNum=1&pageSize=10`);
await measure('list, price range 100-200 yuan', 'minPrice=100&maxPrice=200&pageNum=1&pageSize=10');

await app.close();
await handle.db.destroy();
rmSync(dir, { recursive: true, force: true });
