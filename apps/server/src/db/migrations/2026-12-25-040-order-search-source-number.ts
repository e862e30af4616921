import { sql, type Kysely } from 'kysely';
import { dropOrderLineTriggers, isPostgres, orderLineTriggers } from './helpers';

// An order's search text (decision 102) also holds its source order number (来源单号, order_source_num),
// so a keyword finds imported orders by it (decision 232). It is appended only when there is one, so the
// text, and so the keyword index, of an order without one is unchanged. Both engines' triggers are
// written again with the new text, and so is the text of every order that has a source number.
const text = (pg: boolean, source: boolean) => {
  const sep = pg ? 'chr(31)' : 'char(31)';
  const agg = pg ? 'string_agg' : 'group_concat';
  const lines = `coalesce((select ${agg}(coalesce(p.model_name, '') || ${sep} || coalesce(p.category_name, ''), ${sep}) from order_products p where p.order_id = o.id), '')`;
  const tail = source ? ` || case when coalesce(o.order_source_num, '') = '' then '' else ${sep} || o.order_source_num end` : '';
  return `coalesce(o.order_no, '') || ${sep} || coalesce(o.phone, '') || ${sep} || coalesce(o.real_name, '') || ${sep} || coalesce(o.remarks, '') || ${sep} || ${lines}${tail}`;
};

const upsert = (pg: boolean, source: boolean, id: string) =>
  `insert into order_search (order_id, vendor_id, created_at, body) select o.id, o.vendor_id, o.created_at, ${text(pg, source)} from orders o where o.id = ${id}
      on conflict (order_id) do update set vendor_id = excluded.vendor_id, created_at = excluded.created_at, body = excluded.body${
        pg ? `
      where (order_search.vendor_id, order_search.created_at, order_search.body) is distinct from (excluded.vendor_id, excluded.created_at, excluded.body)` : ''
      };`;

/** The order columns whose change rewrites its search row. */
const watched = (source: boolean) => `order_no, ${source ? 'order_source_num, ' : ''}phone, real_name, remarks, vendor_id, created_at`;

// PostgreSQL: the deferred constraint triggers of migration 2026-12-16-010 (the row is written at commit).
async function pg(db: Kysely<any>, source: boolean) {
  await sql.raw(`create or replace function orders_search() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then delete from order_search where order_id = old.id; else ${upsert(true, source, 'new.id')} end if;
        return null;
      end $$`).execute(db);
  await sql.raw(`create or replace function order_lines_search() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${upsert(true, source, 'old.order_id')} end if;
        if tg_op <> 'DELETE' then ${upsert(true, source, 'new.order_id')} end if;
        return null;
      end $$`).execute(db);
  await sql`drop trigger orders_search on orders`.execute(db);
  await sql.raw(`create constraint trigger orders_search after insert or delete or update of ${watched(source)} on orders deferrable initially deferred
      for each row execute function orders_search()`).execute(db);
}

async function sqlite(db: Kysely<any>, source: boolean) {
  for (const t of ['orders_search_insert', 'orders_search_update']) await sql`drop trigger ${sql.ref(t)}`.execute(db);
  await sql.raw(`create trigger orders_search_insert after insert on orders begin ${upsert(false, source, 'new.id')} end`).execute(db);
  await sql.raw(`create trigger orders_search_update after update of ${watched(source)} on orders begin ${upsert(false, source, 'new.id')} end`).execute(db);
  await dropOrderLineTriggers(db, 'search');
  await orderLineTriggers(db, 'search', (row) => sql.raw(upsert(false, source, `${row}.order_id`)));
}

async function rewrite(db: Kysely<any>, isPg: boolean, source: boolean) {
  await sql.raw(`update order_search set body = (select ${text(isPg, source)} from orders o where o.id = order_search.order_id)
    where order_id in (select id from orders where coalesce(order_source_num, '') <> '')`).execute(db);
}

export async function up(db: Kysely<any>) {
  const isPg = await isPostgres(db);
  await (isPg ? pg(db, true) : sqlite(db, true));
  await rewrite(db, isPg, true);
}

export async function down(db: Kysely<any>) {
  const isPg = await isPostgres(db);
  await (isPg ? pg(db, false) : sqlite(db, false));
  await rewrite(db, isPg, false);
}
