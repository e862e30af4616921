import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './helpers';

// The customer's reschedule requests live in appointment_reschedules (source customer) since
// 2026-12-29-070 copied them there; nothing reads or writes customer_reschedules any more.
export async function up(db: Kysely<any>) {
  await db.schema.dropTable('customer_reschedules').ifExists().execute();
}

/** The table as 2026-12-28-020 made it, empty: its rows stay in appointment_reschedules. */
export async function down(db: Kysely<any>) {
  const pg = await isPostgres(db);
  await withId(db.schema.createTable('customer_reschedules'), pg)
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('wish_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('wish_slot', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('done_at', 'varchar(30)')
    .execute();
  await sql`create unique index customer_reschedules_pending on customer_reschedules (order_id) where state = 'pending'`.execute(db);
  await sql`create index customer_reschedules_order on customer_reschedules (order_id, id)`.execute(db);
}
