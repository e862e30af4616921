import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './helpers';

// Issue 47: a customer asks for another appointment window on the order's page (decision 268). At
// most one request of an order waits at a time (the partial unique index is the guard); it is done
// when the console sets the appointment again.
export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);
  await withId(db.schema.createTable('customer_reschedules'), pg)
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    /** YYYY-MM-DD, Asia/Shanghai */
    .addColumn('wish_date', 'varchar(10)', (c) => c.notNull())
    /** a slot of the appointment windows: am | pm | 18-20 */
    .addColumn('wish_slot', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    /** pending | done */
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('done_at', 'varchar(30)')
    .execute();
  await sql`create unique index customer_reschedules_pending on customer_reschedules (order_id) where state = 'pending'`.execute(db);
  await sql`create index customer_reschedules_order on customer_reschedules (order_id, id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('customer_reschedules').execute();
}
