import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// The order list reads each order's card (its list row as JSON) from orders.list_card instead of
// building it from ~35 columns and its product lines on every call (docs/decisions/100). The card is
// a cache the list fills on a miss; these triggers empty it whenever the order or one of its product
// lines changes, so no write path has to remember it. list_rev counts those changes: a card computed
// from an older revision is never stored. list_card_key names the card format it was built with.
export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);
  await db.schema.alterTable('orders').addColumn('list_card', pg ? 'bytea' : 'blob').execute();
  await db.schema.alterTable('orders').addColumn('list_card_key', 'text').execute();
  await db.schema.alterTable('orders').addColumn('list_rev', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  if (pg) {
    await sql`create function orders_list_card_stale() returns trigger language plpgsql as $$
      begin
        if new.list_card is not distinct from old.list_card and new.list_card_key is not distinct from old.list_card_key and new.list_rev = old.list_rev then
          new.list_card := null;
          new.list_rev := old.list_rev + 1;
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger orders_list_card_stale before update on orders for each row execute function orders_list_card_stale()`.execute(db);
    await sql`create function order_lines_list_card_stale() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then update orders set list_card = null, list_rev = list_rev + 1 where id = old.order_id; end if;
        if tg_op <> 'DELETE' then update orders set list_card = null, list_rev = list_rev + 1 where id = new.order_id; end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger order_lines_list_card_stale after insert or update or delete on order_products for each row execute function order_lines_list_card_stale()`.execute(db);
    return;
  }
  // Any update that leaves the card, its key and the revision alone is a change of the order itself.
  await sql`create trigger orders_list_card_stale after update on orders
    when new.list_card is old.list_card and new.list_card_key is old.list_card_key and new.list_rev = old.list_rev
    begin update orders set list_card = null, list_rev = old.list_rev + 1 where id = new.id; end`.execute(db);
  const stale = (row: 'new' | 'old') => sql.raw(`update orders set list_card = null, list_rev = list_rev + 1 where id = ${row}.order_id;`);
  await sql`create trigger order_lines_insert_list_card_stale after insert on order_products begin ${stale('new')} end`.execute(db);
  await sql`create trigger order_lines_update_list_card_stale after update on order_products begin ${stale('old')} ${stale('new')} end`.execute(db);
  await sql`create trigger order_lines_delete_list_card_stale after delete on order_products begin ${stale('old')} end`.execute(db);
}

export async function down(db: Kysely<any>) {
  const pg = await isPostgres(db);
  if (pg) {
    await sql`drop trigger order_lines_list_card_stale on order_products`.execute(db);
    await sql`drop function order_lines_list_card_stale()`.execute(db);
    await sql`drop trigger orders_list_card_stale on orders`.execute(db);
    await sql`drop function orders_list_card_stale()`.execute(db);
  } else {
    for (const t of ['orders_list_card_stale', 'order_lines_insert_list_card_stale', 'order_lines_update_list_card_stale', 'order_lines_delete_list_card_stale']) {
      await sql`drop trigger ${sql.ref(t)}`.execute(db);
    }
  }
  for (const c of ['list_rev', 'list_card_key', 'list_card']) await db.schema.alterTable('orders').dropColumn(c).execute();
}
