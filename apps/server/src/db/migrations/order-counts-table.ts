import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * order_counts keyed by `keys` (the first columns of orders it counts by), filled from the orders and
 * kept by triggers: +1 for an inserted order, −1 for a deleted one, and both when an update changes a
 * key. Migrations 101 (by status) and 107 (by status and node) build it; the triggers and the function
 * keep their names in both, so either migration's down drops either version.
 */
export async function createOrderCounts(db: Kysely<any>, keys: string[]) {
  const pg = await isPostgres(db);
  let table = db.schema.createTable('order_counts');
  for (const k of keys) table = table.addColumn(k, 'integer', (c) => c.notNull());
  await table.addColumn('n', 'integer', (c) => c.notNull()).addPrimaryKeyConstraint('order_counts_pk', keys as any).execute();
  const list = keys.join(', ');
  await sql.raw(`insert into order_counts (${list}, n) select ${list}, count(*) from orders group by ${list}`).execute(db);
  const add = (row: 'new' | 'old', by: 1 | -1) =>
    sql.raw(`insert into order_counts (${list}, n) values (${keys.map((k) => `${row}.${k}`).join(', ')}, ${by})
      on conflict (${list}) do update set n = order_counts.n + ${by};`);
  const changed = sql.raw(keys.map((k) => `old.${k} <> new.${k}`).join(' or '));
  if (pg) {
    await sql`create function orders_count() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${add('old', -1)} end if;
        if tg_op <> 'DELETE' then ${add('new', 1)} end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger orders_count_insert_delete after insert or delete on orders for each row execute function orders_count()`.execute(db);
    await sql`create trigger orders_count_update after update of ${sql.raw(list)} on orders for each row when (${changed}) execute function orders_count()`.execute(db);
    return;
  }
  await sql`create trigger orders_count_insert after insert on orders begin ${add('new', 1)} end`.execute(db);
  await sql`create trigger orders_count_delete after delete on orders begin ${add('old', -1)} end`.execute(db);
  await sql`create trigger orders_count_update after update of ${sql.raw(list)} on orders when ${changed} begin ${add('old', -1)} ${add('new', 1)} end`.execute(db);
}

export async function dropOrderCounts(db: Kysely<any>) {
  if (await isPostgres(db)) {
    await sql`drop trigger orders_count_update on orders`.execute(db);
    await sql`drop trigger orders_count_insert_delete on orders`.execute(db);
    await sql`drop function orders_count()`.execute(db);
  } else {
    for (const t of ['orders_count_insert', 'orders_count_delete', 'orders_count_update']) await sql`drop trigger ${sql.ref(t)}`.execute(db);
  }
  await db.schema.dropTable('order_counts').execute();
}
