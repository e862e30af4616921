import { sql, type Kysely } from 'kysely';
import { dropOrderLineTriggers, isPostgres, orderLineTriggers } from './helpers';

// The order list reads the orders themselves (decision 230): the stored cards (migration 2026-11-26-010),
// orders.list_rev and the triggers that bumped it, and SQLite's narrow index of it (2026-11-28-010) go.
// SQLite's order insert trigger wrote the search row unless list_rev was -1 ("its lines follow",
// 2026-12-17-010): it writes it on every insert again, and each line's insert rewrites it.
const BODY_SQLITE = `coalesce(o.order_no, '') || char(31) || coalesce(o.phone, '') || char(31) || coalesce(o.real_name, '') || char(31) || coalesce(o.remarks, '') || char(31) ||
    coalesce((select group_concat(coalesce(p.model_name, '') || char(31) || coalesce(p.category_name, ''), char(31)) from order_products p where p.order_id = o.id), '')`;
const SEARCH_INSERT = (when: string) => `create trigger orders_search_insert after insert on orders ${when} begin
    insert into order_search (order_id, vendor_id, created_at, body) select o.id, o.vendor_id, o.created_at, ${BODY_SQLITE} from orders o where o.id = new.id
      on conflict (order_id) do update set vendor_id = excluded.vendor_id, created_at = excluded.created_at, body = excluded.body; end`;

export async function up(db: Kysely<any>) {
  if (await isPostgres(db)) {
    await sql`drop trigger orders_list_rev on orders`.execute(db);
    await sql`drop function orders_list_rev()`.execute(db);
  } else {
    await sql`drop trigger orders_list_rev`.execute(db);
    await sql`drop trigger orders_search_insert`.execute(db);
    await sql.raw(SEARCH_INSERT('')).execute(db);
    await sql`drop index orders_card_rev`.execute(db);
  }
  await dropOrderLineTriggers(db, 'list_rev');
  await db.schema.dropTable('order_cards').execute();
  await db.schema.alterTable('orders').dropColumn('list_rev').execute();
}

export async function down(db: Kysely<any>) {
  const pg = await isPostgres(db);
  await db.schema.alterTable('orders').addColumn('list_rev', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('order_cards')
    .addColumn('order_id', 'integer', (c) => c.primaryKey())
    .addColumn('rev', 'integer', (c) => c.notNull())
    .addColumn('card_key', 'text', (c) => c.notNull())
    .addColumn('card', pg ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
  if (pg) {
    await sql`create function orders_list_rev() returns trigger language plpgsql as $$
      begin
        if new.list_rev = old.list_rev then new.list_rev := old.list_rev + 1; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger orders_list_rev before update on orders for each row execute function orders_list_rev()`.execute(db);
    await orderLineTriggers(db, 'list_rev', (row) => sql.raw(`update orders set list_rev = list_rev + 1 where id = ${row}.order_id and xmin <> pg_current_xact_id()::xid;`));
    return;
  }
  await sql`create trigger orders_list_rev after update on orders when new.list_rev = old.list_rev
      begin update orders set list_rev = old.list_rev + 1 where id = new.id; end`.execute(db);
  await orderLineTriggers(db, 'list_rev', (row) => sql.raw(`update orders set list_rev = list_rev + 1 where id = ${row}.order_id;`));
  await sql`create index orders_card_rev on orders (id, vendor_id, list_rev, created_by)`.execute(db);
  await sql`drop trigger orders_search_insert`.execute(db);
  await sql.raw(SEARCH_INSERT('when new.list_rev <> -1')).execute(db);
}
