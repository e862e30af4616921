import { sql, type Kysely } from 'kysely';
import { dropOrderLineTriggers, isPostgres, orderLineTriggers } from './helpers';

// The order list reads each order's card (its list row as JSON) from order_cards instead of building
// it from ~35 columns and its product lines on every call (docs/decisions/100). A card is a cache: it
// is current only while its rev equals orders.list_rev, which these triggers bump on every change of
// the order or one of its product lines, so no write path has to remember the cards. The cards live
// in their own table so that scans of orders (keywords, filters) read rows of the same size as before.
export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);
  await db.schema.alterTable('orders').addColumn('list_rev', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('order_cards')
    .addColumn('order_id', 'integer', (c) => c.primaryKey())
    .addColumn('rev', 'integer', (c) => c.notNull())
    .addColumn('card_key', 'text', (c) => c.notNull())
    .addColumn('card', pg ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
  const bump = (row: 'new' | 'old') => sql.raw(`update orders set list_rev = list_rev + 1 where id = ${row}.order_id;`);
  if (pg) {
    // Any update that leaves list_rev alone is a change of the order itself.
    await sql`create function orders_list_rev() returns trigger language plpgsql as $$
      begin
        if new.list_rev = old.list_rev then new.list_rev := old.list_rev + 1; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger orders_list_rev before update on orders for each row execute function orders_list_rev()`.execute(db);
  } else {
    await sql`create trigger orders_list_rev after update on orders when new.list_rev = old.list_rev
      begin update orders set list_rev = old.list_rev + 1 where id = new.id; end`.execute(db);
  }
  await orderLineTriggers(db, 'list_rev', bump);
}

export async function down(db: Kysely<any>) {
  await dropOrderLineTriggers(db, 'list_rev');
  if (await isPostgres(db)) {
    await sql`drop trigger orders_list_rev on orders`.execute(db);
    await sql`drop function orders_list_rev()`.execute(db);
  } else {
    await sql`drop trigger orders_list_rev`.execute(db);
  }
  await db.schema.dropTable('order_cards').execute();
  await db.schema.alterTable('orders').dropColumn('list_rev').execute();
}
