import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// The product list of a vendor with 100,000 products (docs/decisions/141), kept by the database alone:
// - product_counts: live products per (vendor, creator, review status), so the unfiltered list, the
//   review-status tabs and data scope "own" have their exact total without counting rows;
// - product_prices: one row per distinct offered price of a live product, with the product's next higher
//   price (next_fen, null for its highest), so "any offered price in a range [a, b]" is an index range
//   instead of a scan of the vendor's products, and counting the products in it needs no de-duplication:
//   of a product's prices in [a, b] exactly one has no next price or one above b;
// - list indexes over live products only (partial, deleted_at is null), newest first, each carrying
//   the review status and creator the list also filters by, so a page and a bounded count read the
//   index alone.
// Both tables are kept by row triggers on products, whoever writes (plain SQL, decision 130).

const PRICES = ['installation', 'repair', 'overhaul', 'medium', 'minor', 'cleanse', 'debug'].map((f) => `${f}_fen`);
const WATCHED = ['id', 'vendor_id', 'created_by', 'check_status', 'deleted_at', ...PRICES];

const LIST_INDEXES: Array<[string, string]> = [
  // deleted_at (always null here) too, so that SQLite sees the index as covering the list's condition.
  ['products_live_list', 'vendor_id, created_at, id, check_status, created_by, deleted_at'],
  ['products_live_category', 'vendor_id, category_id, created_at, id, check_status, created_by, deleted_at'],
  ['products_live_category_two', 'vendor_id, category_id_two, created_at, id, check_status, created_by, deleted_at'],
  ['products_live_category_one', 'vendor_id, category_id_one, created_at, id, check_status, created_by, deleted_at'],
];
const OLD_INDEXES: Array<[string, string]> = [
  ['products_vendor_live_created', 'vendor_id, deleted_at, created_at'],
  ['products_vendor_category', 'vendor_id, category_id'],
  ['products_vendor_category_two', 'vendor_id, category_id_two'],
];

export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);
  const money = pg ? 'bigint' : 'integer';
  const withoutRowid = pg ? '' : ' without rowid';
  await sql.raw(`create table product_counts (vendor_id integer not null, created_by integer not null, check_status integer not null, n integer not null,
    primary key (vendor_id, created_by, check_status))${withoutRowid}`).execute(db);
  // PostgreSQL: next_fen in the primary key's index too, so that a range is counted by an index-only scan.
  await sql.raw(`create table product_prices (vendor_id integer not null, price_fen ${money} not null, product_id integer not null, next_fen ${money},
    primary key (vendor_id, price_fen, product_id)${pg ? ' include (next_fen)' : ''})${withoutRowid}`).execute(db);
  await sql`create index product_prices_product on product_prices (product_id)`.execute(db);

  await sql`insert into product_counts (vendor_id, created_by, check_status, n)
    select vendor_id, created_by, check_status, count(*) from products where deleted_at is null group by vendor_id, created_by, check_status`.execute(db);
  await sql.raw(`insert into product_prices (vendor_id, price_fen, product_id, next_fen)
    select vendor_id, p, id, lead(p) over (partition by id order by p) from (
      ${PRICES.map((c) => `select vendor_id, ${c} as p, id from products where deleted_at is null and ${c} is not null`).join(' union ')}) x`).execute(db);

  const addCount = (row: string) => `insert into product_counts (vendor_id, created_by, check_status, n) select ${row}.vendor_id, ${row}.created_by, ${row}.check_status, 1 where ${row}.deleted_at is null
    on conflict (vendor_id, created_by, check_status) do update set n = product_counts.n + 1;`;
  const removeCount = (row: string) => `update product_counts set n = n - 1 where ${row}.deleted_at is null and vendor_id = ${row}.vendor_id and created_by = ${row}.created_by and check_status = ${row}.check_status;`;
  const removePrices = (row: string) => `delete from product_prices where product_id = ${row}.id;`;

  if (pg) {
    const addPrices = `insert into product_prices (vendor_id, price_fen, product_id, next_fen)
      select new.vendor_id, p, new.id, lead(p) over (order by p) from (select distinct p from unnest(array[${PRICES.map((c) => `new.${c}`).join(', ')}]) p where p is not null) x
      where new.deleted_at is null;`;
    await sql.raw(`create function products_list_rows() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${removeCount('old')} ${removePrices('old')} end if;
        if tg_op <> 'DELETE' then ${addCount('new')} ${addPrices} end if;
        return null;
      end $$`).execute(db);
    await sql`create trigger products_list_rows_insert after insert or delete on products for each row execute function products_list_rows()`.execute(db);
    await sql.raw(`create trigger products_list_rows_update after update on products for each row
      when (${WATCHED.map((c) => `old.${c} is distinct from new.${c}`).join(' or ')}) execute function products_list_rows()`).execute(db);
  } else {
    const addPrices = `insert into product_prices (vendor_id, price_fen, product_id, next_fen) select new.vendor_id, p, new.id, lead(p) over (order by p)
      from (${PRICES.map((c) => `select new.${c} as p`).join(' union ')}) where p is not null and new.deleted_at is null;`;
    await sql.raw(`create trigger products_list_rows_insert after insert on products begin ${addCount('new')} ${addPrices} end`).execute(db);
    await sql.raw(`create trigger products_list_rows_update after update on products when ${WATCHED.map((c) => `old.${c} is not new.${c}`).join(' or ')}
      begin ${removeCount('old')} ${removePrices('old')} ${addCount('new')} ${addPrices} end`).execute(db);
    await sql.raw(`create trigger products_list_rows_delete after delete on products begin ${removeCount('old')} ${removePrices('old')} end`).execute(db);
  }

  for (const [name] of OLD_INDEXES) await sql.raw(`drop index ${name}`).execute(db);
  for (const [name, columns] of LIST_INDEXES) await sql.raw(`create index ${name} on products (${columns}) where deleted_at is null`).execute(db);
  await sql`analyze products`.execute(db);
  await sql`analyze product_prices`.execute(db);
}

export async function down(db: Kysely<any>) {
  const pg = await isPostgres(db);
  for (const [name] of LIST_INDEXES) await sql.raw(`drop index ${name}`).execute(db);
  for (const [name, columns] of OLD_INDEXES) await sql.raw(`create index ${name} on products (${columns})`).execute(db);
  if (pg) {
    await sql`drop trigger products_list_rows_insert on products`.execute(db);
    await sql`drop trigger products_list_rows_update on products`.execute(db);
    await sql`drop function products_list_rows()`.execute(db);
  } else {
    for (const t of ['insert', 'update', 'delete']) await sql.raw(`drop trigger products_list_rows_${t}`).execute(db);
  }
  await sql`drop table product_prices`.execute(db);
  await sql`drop table product_counts`.execute(db);
}
