import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// How many orders each vendor has, per creator and status, kept by triggers (docs/decisions/101):
// the list's total without a status filter or with statuses only, the home tiles and the platform's
// published count read these few rows instead of counting the orders (100,000 for a big vendor).
export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);
  await db.schema
    .createTable('order_counts')
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_counts_pk', ['vendor_id', 'created_by', 'status'])
    .execute();
  await sql`insert into order_counts (vendor_id, created_by, status, n)
    select vendor_id, created_by, status, count(*) from orders group by vendor_id, created_by, status`.execute(db);
  const add = (row: 'new' | 'old', by: 1 | -1) =>
    sql.raw(`insert into order_counts (vendor_id, created_by, status, n) values (${row}.vendor_id, ${row}.created_by, ${row}.status, ${by})
      on conflict (vendor_id, created_by, status) do update set n = order_counts.n + ${by};`);
  if (pg) {
    await sql`create function orders_count() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${add('old', -1)} end if;
        if tg_op <> 'DELETE' then ${add('new', 1)} end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger orders_count_insert_delete after insert or delete on orders for each row execute function orders_count()`.execute(db);
    await sql`create trigger orders_count_update after update of vendor_id, created_by, status on orders for each row
      when (old.vendor_id <> new.vendor_id or old.created_by <> new.created_by or old.status <> new.status) execute function orders_count()`.execute(db);
    return;
  }
  await sql`create trigger orders_count_insert after insert on orders begin ${add('new', 1)} end`.execute(db);
  await sql`create trigger orders_count_delete after delete on orders begin ${add('old', -1)} end`.execute(db);
  await sql`create trigger orders_count_update after update of vendor_id, created_by, status on orders
    when old.vendor_id <> new.vendor_id or old.created_by <> new.created_by or old.status <> new.status
    begin ${add('old', -1)} ${add('new', 1)} end`.execute(db);
}

export async function down(db: Kysely<any>) {
  if (await isPostgres(db)) {
    await sql`drop trigger orders_count_update on orders`.execute(db);
    await sql`drop trigger orders_count_insert_delete on orders`.execute(db);
    await sql`drop function orders_count()`.execute(db);
  } else {
    for (const t of ['orders_count_insert', 'orders_count_delete', 'orders_count_update']) await sql`drop trigger ${sql.ref(t)}`.execute(db);
  }
  await db.schema.dropTable('order_counts').execute();
}
