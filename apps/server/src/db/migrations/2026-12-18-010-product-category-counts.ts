import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// Live products per (vendor, category level, category, creator, review status), kept by row triggers on
// products whoever writes (decision 130), so a category filter's total is a sum of a few rows instead of
// a count of the category's products (decision 204). Level 1 is category_id_one (top), 2 category_id_two,
// 3 category_id (deepest). Rows that fall to 0 stay, as product_counts' do.

const LEVELS: Array<[number, string]> = [[1, 'category_id_one'], [2, 'category_id_two'], [3, 'category_id']];
const WATCHED = ['id', 'vendor_id', 'created_by', 'check_status', 'deleted_at', ...LEVELS.map(([, c]) => c)];

const add = (row: string) => `insert into product_category_counts (vendor_id, level, category_id, created_by, check_status, n)
  select * from (${LEVELS.map(([level, c]) => `select ${row}.vendor_id, ${level}, ${row}.${c}, ${row}.created_by, ${row}.check_status, 1`).join(' union all ')}) x
  where ${row}.deleted_at is null
  on conflict (vendor_id, level, category_id, created_by, check_status) do update set n = product_category_counts.n + 1;`;
const remove = (row: string) =>
  LEVELS.map(([level, c]) => `update product_category_counts set n = n - 1 where ${row}.deleted_at is null and vendor_id = ${row}.vendor_id and level = ${level}
    and category_id = ${row}.${c} and created_by = ${row}.created_by and check_status = ${row}.check_status;`).join('\n');

export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);
  await sql.raw(`create table product_category_counts (vendor_id integer not null, level integer not null, category_id integer not null,
    created_by integer not null, check_status integer not null, n integer not null,
    primary key (vendor_id, level, category_id, created_by, check_status))${pg ? '' : ' without rowid'}`).execute(db);
  await sql.raw(`insert into product_category_counts (vendor_id, level, category_id, created_by, check_status, n)
    ${LEVELS.map(([level, c]) => `select vendor_id, ${level}, ${c}, created_by, check_status, count(*) from products where deleted_at is null group by vendor_id, ${c}, created_by, check_status`).join(' union all ')}`).execute(db);
  if (pg) {
    await sql.raw(`create function products_category_counts() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${remove('old')} end if;
        if tg_op <> 'DELETE' then ${add('new')} end if;
        return null;
      end $$`).execute(db);
    await sql`create trigger products_category_counts_insert after insert or delete on products for each row execute function products_category_counts()`.execute(db);
    await sql.raw(`create trigger products_category_counts_update after update on products for each row
      when (${WATCHED.map((c) => `old.${c} is distinct from new.${c}`).join(' or ')}) execute function products_category_counts()`).execute(db);
  } else {
    await sql.raw(`create trigger products_category_counts_insert after insert on products begin ${add('new')} end`).execute(db);
    await sql.raw(`create trigger products_category_counts_update after update on products when ${WATCHED.map((c) => `old.${c} is not new.${c}`).join(' or ')}
      begin ${remove('old')} ${add('new')} end`).execute(db);
    await sql.raw(`create trigger products_category_counts_delete after delete on products begin ${remove('old')} end`).execute(db);
  }
  await sql`analyze product_category_counts`.execute(db);
}

export async function down(db: Kysely<any>) {
  if (await isPostgres(db)) {
    await sql`drop trigger products_category_counts_insert on products`.execute(db);
    await sql`drop trigger products_category_counts_update on products`.execute(db);
    await sql`drop function products_category_counts()`.execute(db);
  } else {
    for (const t of ['insert', 'update', 'delete']) await sql.raw(`drop trigger products_category_counts_${t}`).execute(db);
  }
  await sql`drop table product_category_counts`.execute(db);
}
