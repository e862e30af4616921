import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// product_prices carries its product's created_at (decision 205), so a price range's page is sorted,
// newest first, from product_prices alone (on PostgreSQL from its primary key's index: created_at is
// included there) and only the page's products are read. The triggers of
// migration 2026-12-10-020 write it from now on, and rewrite a product's rows when its created_at
// changes. Their bodies are repeated here in full: migrations stay frozen.

const PRICES = ['installation', 'repair', 'overhaul', 'medium', 'minor', 'cleanse', 'debug'].map((f) => `${f}_fen`);
const watched = (withCreatedAt: boolean) => ['id', 'vendor_id', 'created_by', 'check_status', 'deleted_at', ...PRICES, ...(withCreatedAt ? ['created_at'] : [])];

const addCount = (row: string) => `insert into product_counts (vendor_id, created_by, check_status, n) select ${row}.vendor_id, ${row}.created_by, ${row}.check_status, 1 where ${row}.deleted_at is null
    on conflict (vendor_id, created_by, check_status) do update set n = product_counts.n + 1;`;
const removeCount = (row: string) => `update product_counts set n = n - 1 where ${row}.deleted_at is null and vendor_id = ${row}.vendor_id and created_by = ${row}.created_by and check_status = ${row}.check_status;`;
const removePrices = (row: string) => `delete from product_prices where product_id = ${row}.id;`;

function pgFunction(withCreatedAt: boolean) {
  const addPrices = `insert into product_prices (vendor_id, price_fen, product_id, next_fen${withCreatedAt ? ', created_at' : ''})
      select new.vendor_id, p, new.id, lead(p) over (order by p)${withCreatedAt ? ', new.created_at' : ''} from (select distinct p from unnest(array[${PRICES.map((c) => `new.${c}`).join(', ')}]) p where p is not null) x
      where new.deleted_at is null;`;
  return `create or replace function products_list_rows() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${removeCount('old')} ${removePrices('old')} end if;
        if tg_op <> 'DELETE' then ${addCount('new')} ${addPrices} end if;
        return null;
      end $$`;
}

async function sqliteTriggers(db: Kysely<any>, withCreatedAt: boolean) {
  const addPrices = `insert into product_prices (vendor_id, price_fen, product_id, next_fen${withCreatedAt ? ', created_at' : ''}) select new.vendor_id, p, new.id, lead(p) over (order by p)${withCreatedAt ? ', new.created_at' : ''}
      from (${PRICES.map((c) => `select new.${c} as p`).join(' union ')}) where p is not null and new.deleted_at is null;`;
  for (const t of ['insert', 'update', 'delete']) await sql.raw(`drop trigger products_list_rows_${t}`).execute(db);
  await sql.raw(`create trigger products_list_rows_insert after insert on products begin ${addCount('new')} ${addPrices} end`).execute(db);
  await sql.raw(`create trigger products_list_rows_update after update on products when ${watched(withCreatedAt).map((c) => `old.${c} is not new.${c}`).join(' or ')}
      begin ${removeCount('old')} ${removePrices('old')} ${addCount('new')} ${addPrices} end`).execute(db);
  await sql.raw(`create trigger products_list_rows_delete after delete on products begin ${removeCount('old')} ${removePrices('old')} end`).execute(db);
}

async function pgUpdateTrigger(db: Kysely<any>, withCreatedAt: boolean) {
  await sql`drop trigger products_list_rows_update on products`.execute(db);
  await sql.raw(`create trigger products_list_rows_update after update on products for each row
      when (${watched(withCreatedAt).map((c) => `old.${c} is distinct from new.${c}`).join(' or ')}) execute function products_list_rows()`).execute(db);
}

export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);
  await sql`alter table product_prices add column created_at text`.execute(db);
  if (pg) {
    await sql`update product_prices pp set created_at = p.created_at from products p where p.id = pp.product_id`.execute(db);
    // In the primary key's index too, so that a range's matches are sorted by an index-only scan.
    await sql`alter table product_prices drop constraint product_prices_pkey, add constraint product_prices_pkey primary key (vendor_id, price_fen, product_id) include (next_fen, created_at)`.execute(db);
    await sql.raw(pgFunction(true)).execute(db);
    await pgUpdateTrigger(db, true);
  } else {
    await sql`update product_prices set created_at = (select p.created_at from products p where p.id = product_prices.product_id)`.execute(db);
    await sqliteTriggers(db, true);
  }
  await sql`analyze product_prices`.execute(db);
}

export async function down(db: Kysely<any>) {
  const pg = await isPostgres(db);
  if (pg) {
    await sql.raw(pgFunction(false)).execute(db);
    await pgUpdateTrigger(db, false);
    await sql`alter table product_prices drop constraint product_prices_pkey, add constraint product_prices_pkey primary key (vendor_id, price_fen, product_id) include (next_fen)`.execute(db);
  } else {
    await sqliteTriggers(db, false);
  }
  await sql`alter table product_prices drop column created_at`.execute(db);
}
