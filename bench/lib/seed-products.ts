// bench/product-list.ts's data on either engine: 1,000 vendors, `big` products for the first vendor and
// 50 for each other one, made by the same formulas (model, category leaf, prices, review status, one
// minute apart), through the migrated schema, so every trigger (keyword index, counts, prices) fires.
// SQLite: a file written by one prepared statement in big transactions; PostgreSQL: set-based SQL.
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { renameSync, rmSync } from 'node:fs';
import type { Config } from '../../apps/server/src/config';
import { setupDatabase } from '../../apps/server/src/db/setup';
import { categoryRows } from '../../apps/server/src/db/seed/categories';

export const BENCH_PHONE = '13800138000';
export const BENCH_PASSWORD = 'bench123456';
const VENDORS = 1000;
const OTHER_PRODUCTS_EACH = 50;
const PREFIX = ['KFR', 'JSQ', 'EC', 'MRC', 'CXW', 'XQG', 'K', 'ZJ', 'MX', 'W', 'BCD'];

/** The category leaves with their second and top levels, in a fixed order. */
function leaves() {
  const byId = new Map(categoryRows().map((c) => [c.id, c]));
  return categoryRows()
    .filter((c) => c.level === 3)
    .map((leaf) => {
      const two = byId.get(leaf.parent_id!)!;
      const one = byId.get(two.parent_id!)!;
      return { id: leaf.id, name: leaf.name, twoId: two.id, twoName: two.name, oneId: one.id, oneName: one.name };
    });
}


/** SQLite: migrates `file`.partial, seeds it and renames it to `file`; seconds taken. */
export async function seedProductsSqlite(config: Config, file: string, big: number, passwordHash: string): Promise<number> {
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const setup = await setupDatabase({ ...config, DATABASE_URL: partial });
  await setup.db.destroy();
  const t0 = Date.now();
  const raw = new Sqlite(partial);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  const now = Date.now();
  const iso = new Date(now).toISOString();
  const cats = leaves();
  const insVendor = raw.prepare('insert into vendors (company, created_at) values (?, ?)');
  const vendorIds = raw.transaction(() => Array.from({ length: VENDORS }, (_, i) => Number(insVendor.run(`压测厂家${i + 1}`, iso).lastInsertRowid)))();
  const target = vendorIds[0]!;
  const userId = Number(raw.prepare('insert into users (vendor_id, is_sub, phone, name, password_hash, created_at) values (?, 0, ?, ?, ?, ?)').run(target, BENCH_PHONE, '压测', passwordHash, iso).lastInsertRowid);
  const ins = raw.prepare(`insert into products (vendor_id, created_by, category_id, category_id_one, category_id_two, category_name, category_name_one, category_name_two, model_name,
    installation_fen, repair_fen, overhaul_fen, medium_fen, minor_fen, cleanse_fen, debug_fen, check_status, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, ?, null, ?, ?)`);
  const price = (n: number, k: number) => ((n * 7 + k * 13) % 5 === 0 ? null : (50 + ((n * 31 + k * 17) % 950)) * 100);
  const add = (vendorId: number, n: number) => {
    const c = cats[n % cats.length]!;
    ins.run(vendorId, vendorId === target ? userId : 0, c.id, c.oneId, c.twoId, c.name, c.oneName, c.twoName, `${PREFIX[n % PREFIX.length]}-${100000 + n}`,
      price(n, 1) ?? 12000, price(n, 2), price(n, 3), price(n, 5), price(n, 6), n % 10 === 0 ? 0 : n % 23 === 0 ? 2 : 1, new Date(now - (big - n) * 60_000).toISOString());
  };
  for (let start = 0; start < big; start += 20_000) raw.transaction(() => { for (let n = start; n < Math.min(big, start + 20_000); n++) add(target, n); })();
  raw.transaction(() => { for (const v of vendorIds.slice(1)) for (let n = 0; n < OTHER_PRODUCTS_EACH; n++) add(v, n); })();
  raw.exec(`insert into product_grams (product_grams) values ('optimize')`);
  raw.exec('analyze');
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
  renameSync(partial, file);
  return (Date.now() - t0) / 1000;
}

/** PostgreSQL: creates the database of `url` afresh, migrates and seeds it; seconds taken. */
export async function seedProductsPostgres(config: Config, url: string, big: number, passwordHash: string): Promise<number> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const setup = await setupDatabase({ ...config, DATABASE_URL: url });
  await setup.db.destroy();
  const t0 = Date.now();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const now = Date.now();
  const iso = new Date(now).toISOString();
  await c.query(`insert into vendors (company, created_at) select '压测厂家' || v, $1 from generate_series(1, $2) v order by v`, [iso, VENDORS]);
  const target = Number((await c.query('select min(id) as id from vendors')).rows[0].id);
  const user = await c.query('insert into users (vendor_id, is_sub, phone, name, password_hash, created_at) values ($1, 0, $2, $3, $4, $5) returning id', [target, BENCH_PHONE, '压测', passwordHash, iso]);
  const cats = leaves();
  const arr = <K extends keyof (typeof cats)[number]>(k: K) => cats.map((x) => x[k]);
  const price = (k: number) => `case when (n * 7 + ${k * 13}) % 5 = 0 then null else (50 + (n * 31 + ${k * 17}) % 950) * 100 end`;
  const insert = (vendorSql: string, from: string, seriesTo: string) => `insert into products (vendor_id, created_by, category_id, category_id_one, category_id_two, category_name, category_name_one, category_name_two, model_name,
      installation_fen, repair_fen, overhaul_fen, medium_fen, minor_fen, cleanse_fen, debug_fen, check_status, created_at)
    select ${vendorSql}, case when ${vendorSql} = $1 then $2::int else 0 end, ($3::int[])[n % $9 + 1], ($7::int[])[n % $9 + 1], ($5::int[])[n % $9 + 1],
      ($4::text[])[n % $9 + 1], ($8::text[])[n % $9 + 1], ($6::text[])[n % $9 + 1], ($10::text[])[n % ${PREFIX.length} + 1] || '-' || (100000 + n),
      coalesce(${price(1)}, 12000), ${price(2)}, ${price(3)}, null, ${price(5)}, ${price(6)}, null,
      case when n % 10 = 0 then 0 when n % 23 = 0 then 2 else 1 end,
      to_char(to_timestamp(($11::bigint - ($12::bigint - n) * 60000) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ${from} ${seriesTo}`;
  const params = (extra: unknown[]) => [target, user.rows[0].id, arr('id'), arr('name'), arr('twoId'), arr('twoName'), arr('oneId'), arr('oneName'), cats.length, PREFIX, now, big, ...extra];
  for (let start = 0; start < big; start += 20_000) {
    await c.query(insert('$1::int', 'from generate_series($13::int, $14::int) n', 'order by n'), params([start, Math.min(big, start + 20_000) - 1]));
    process.stdout.write(`\rseeded ${Math.min(big, start + 20_000).toLocaleString()} products`);
  }
  await c.query(insert('v.id', `from vendors v cross join generate_series(0, ${OTHER_PRODUCTS_EACH - 1}) n where v.id <> $1`, 'order by v.id, n'), params([]));
  await c.query('vacuum analyze');
  await c.end();
  console.log('');
  return (Date.now() - t0) / 1000;
}
