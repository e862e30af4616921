import { sql, type Kysely } from 'kysely';
// The triggers and the function keep their names, so 101's down drops either version of the table.
import { down as dropCounts, up as perStatus } from './2026-11-26-020-order-counts';
import { isPostgres } from './helpers';

// order_counts (docs/decisions/101) kept per node as well as per status (docs/decisions/107), so a
// list filtered by statuses and nodes, such as the pending shortcut (status in … or node in …), takes
// its total from these rows instead of counting the vendor's orders.
export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);
  await dropCounts(db);
  await db.schema
    .createTable('order_counts')
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('node', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_counts_pk', ['vendor_id', 'created_by', 'status', 'node'])
    .execute();
  await sql`insert into order_counts (vendor_id, created_by, status, node, n)
    select vendor_id, created_by, status, node, count(*) from orders group by vendor_id, created_by, status, node`.execute(db);
  const add = (row: 'new' | 'old', by: 1 | -1) =>
    sql.raw(`insert into order_counts (vendor_id, created_by, status, node, n) values (${row}.vendor_id, ${row}.created_by, ${row}.status, ${row}.node, ${by})
      on conflict (vendor_id, created_by, status, node) do update set n = order_counts.n + ${by};`);
  const changed = 'old.vendor_id <> new.vendor_id or old.created_by <> new.created_by or old.status <> new.status or old.node <> new.node';
  if (pg) {
    await sql`create function orders_count() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${add('old', -1)} end if;
        if tg_op <> 'DELETE' then ${add('new', 1)} end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger orders_count_insert_delete after insert or delete on orders for each row execute function orders_count()`.execute(db);
    await sql`create trigger orders_count_update after update of vendor_id, created_by, status, node on orders for each row
      when (${sql.raw(changed)}) execute function orders_count()`.execute(db);
    return;
  }
  await sql`create trigger orders_count_insert after insert on orders begin ${add('new', 1)} end`.execute(db);
  await sql`create trigger orders_count_delete after delete on orders begin ${add('old', -1)} end`.execute(db);
  await sql`create trigger orders_count_update after update of vendor_id, created_by, status, node on orders
    when ${sql.raw(changed)} begin ${add('old', -1)} ${add('new', 1)} end`.execute(db);
}

export async function down(db: Kysely<any>) {
  await dropCounts(db);
  await perStatus(db);
}
