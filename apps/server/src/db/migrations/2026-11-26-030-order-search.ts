import { sql, type Kysely } from 'kysely';
import { dropOrderLineTriggers, isPostgres, orderLineTriggers } from './helpers';

// The text an order's keyword search looks in (order number, customer phone and name, remarks, and
// its lines' model and category names), one row per order, kept by triggers (docs/decisions/102).
// A keyword scans these short rows of one vendor instead of its orders and their lines.
export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);
  const sep = pg ? 'chr(31)' : 'char(31)';
  const agg = pg ? 'string_agg' : 'group_concat';
  const body = `coalesce(o.order_no, '') || ${sep} || coalesce(o.phone, '') || ${sep} || coalesce(o.real_name, '') || ${sep} || coalesce(o.remarks, '') || ${sep} ||
    coalesce((select ${agg}(coalesce(p.model_name, '') || ${sep} || coalesce(p.category_name, ''), ${sep}) from order_products p where p.order_id = o.id), '')`;
  const upsert = (id: string) =>
    sql.raw(`insert into order_search (order_id, vendor_id, created_at, body) select o.id, o.vendor_id, o.created_at, ${body} from orders o where o.id = ${id}
      on conflict (order_id) do update set vendor_id = excluded.vendor_id, created_at = excluded.created_at, body = excluded.body;`);
  if (pg) {
    await sql`create table order_search (order_id integer primary key, vendor_id integer not null, created_at text not null, body text not null)`.execute(db);
    await sql`create index order_search_vendor on order_search (vendor_id, created_at, order_id)`.execute(db);
  } else {
    // Clustered by vendor and time, so one vendor's search rows are read in list order from one range.
    await sql`create table order_search (vendor_id integer not null, created_at text not null, order_id integer not null, body text not null,
      primary key (vendor_id, created_at, order_id)) without rowid`.execute(db);
    await sql`create unique index order_search_order on order_search (order_id)`.execute(db);
  }
  await sql`insert into order_search (order_id, vendor_id, created_at, body) select o.id, o.vendor_id, o.created_at, ${sql.raw(body)} from orders o where true`.execute(db);
  if (pg) {
    await sql`create function orders_search() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then delete from order_search where order_id = old.id; else ${upsert('new.id')} end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger orders_search after insert or delete or update of order_no, phone, real_name, remarks, vendor_id, created_at on orders
      for each row execute function orders_search()`.execute(db);
  } else {
    await sql`create trigger orders_search_insert after insert on orders begin ${upsert('new.id')} end`.execute(db);
    await sql`create trigger orders_search_update after update of order_no, phone, real_name, remarks, vendor_id, created_at on orders begin ${upsert('new.id')} end`.execute(db);
    await sql`create trigger orders_search_delete after delete on orders begin delete from order_search where order_id = old.id; end`.execute(db);
  }
  await orderLineTriggers(db, 'search', (row) => upsert(`${row}.order_id`));
}

export async function down(db: Kysely<any>) {
  await dropOrderLineTriggers(db, 'search');
  if (await isPostgres(db)) {
    await sql`drop trigger orders_search on orders`.execute(db);
    await sql`drop function orders_search()`.execute(db);
  } else {
    for (const t of ['orders_search_insert', 'orders_search_update', 'orders_search_delete']) await sql`drop trigger ${sql.ref(t)}`.execute(db);
  }
  await db.schema.dropTable('order_search').execute();
}
