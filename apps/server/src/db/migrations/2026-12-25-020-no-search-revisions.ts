import { sql, type Kysely } from 'kysely';
import { dropSqliteSearchRevisions, isPostgres, sqliteSearchRevisions } from './helpers';

// No process keeps keyword counts or ids any more (decision 230): the vendors' search revisions that
// told a process whether what it kept still stood (migrations 2026-12-19-010, 2026-12-19-020,
// 2026-12-21-010, 2026-12-21-020) go, with their triggers.
const ORDERS = { revisions: 'order_search_revisions', table: 'order_search', id: 'order_id', watched: ['body', 'vendor_id', 'created_at', 'order_id'] };
const PRODUCTS = {
  revisions: 'product_search_revisions', table: 'products', id: 'id',
  watched: ['vendor_id', 'deleted_at', 'model_name', 'category_name', 'category_name_one', 'category_name_two', 'created_at'],
};
const SLOTS = 16;

export async function up(db: Kysely<any>) {
  if (!(await isPostgres(db))) {
    await dropSqliteSearchRevisions(db, ORDERS);
    await dropSqliteSearchRevisions(db, PRODUCTS);
    return;
  }
  await sql`drop trigger order_search_revise on order_search`.execute(db);
  await sql`drop function order_search_revise()`.execute(db);
  await sql`drop table order_search_revisions`.execute(db);
  await sql`drop trigger product_search_revise on products`.execute(db);
  await sql`drop function product_search_revise()`.execute(db);
  await sql`drop table product_search_revisions`.execute(db);
}

/** PostgreSQL: a revisions table and its row trigger on `source` (the versions of 2026-12-19-010/020 and 2026-12-21-020). */
async function pgRevisions(db: Kysely<any>, r: typeof ORDERS, fn: string) {
  await sql.raw(`create table ${r.revisions} (vendor_id integer not null, slot smallint not null, rev bigint not null,
    constraint ${r.revisions}_pk primary key (vendor_id, slot))`).execute(db);
  const bump = (row: 'old' | 'new') => `insert into ${r.revisions} (vendor_id, slot, rev) values (${row}.vendor_id, ${row}.${r.id} % ${SLOTS}, 1)
      on conflict (vendor_id, slot) do update set rev = ${r.revisions}.rev + 1;`;
  const same = `(${r.watched.map((c) => `old.${c}`).join(', ')}) is not distinct from (${r.watched.map((c) => `new.${c}`).join(', ')})`;
  await sql.raw(`create function ${fn}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and ${same} then return null; end if;
        if tg_op <> 'INSERT' then ${bump('old')} end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.vendor_id <> old.vendor_id) then ${bump('new')} end if;
        return null;
      end $$`).execute(db);
  await sql.raw(`create trigger ${fn} after insert or update or delete on ${r.table} for each row execute function ${fn}()`).execute(db);
}

export async function down(db: Kysely<any>) {
  if (!(await isPostgres(db))) {
    await sqliteSearchRevisions(db, ORDERS);
    await sqliteSearchRevisions(db, PRODUCTS);
    return;
  }
  await pgRevisions(db, ORDERS, 'order_search_revise');
  await pgRevisions(db, PRODUCTS, 'product_search_revise');
}
