import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './helpers';

// Issue 46, appointment windows (decisions 255–256). The order keeps its window: door_time is the
// window's start (as before), door_time_end its end and appoint_slot the slot's value; a failed
// booking keeps its reason and note until the next appointment clears them. Reschedule requests
// (the merchant's, and the customer's per decision 268) wait one at a time per order and side.
export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);
  await db.schema.alterTable('orders').addColumn('appoint_slot', 'varchar(10)').execute();
  await db.schema.alterTable('orders').addColumn('door_time_end', 'varchar(30)').execute();
  await db.schema.alterTable('orders').addColumn('appoint_fail_reason', 'varchar(20)').execute();
  await db.schema.alterTable('orders').addColumn('appoint_fail_note', 'varchar(200)').execute();
  await db.schema.alterTable('orders').addColumn('appoint_fail_at', 'varchar(30)').execute();
  // The list's 预约失败 filter: the vendor's failed bookings, newest first.
  await sql`create index orders_appoint_failed on orders (vendor_id, created_at) where appoint_fail_reason is not null`.execute(db);

  await withId(db.schema.createTable('appointment_reschedules'), pg)
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    /** merchant | customer */
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    /** YYYY-MM-DD, Asia/Shanghai */
    .addColumn('wish_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('wish_slot', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    /** the merchant's user, null for the customer */
    .addColumn('requested_by', 'integer')
    .addColumn('requester', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    /** pending | done */
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('done_at', 'varchar(30)')
    .execute();
  // One request of each side waits at a time: the merchant's does not block the customer's.
  await sql`create unique index appointment_reschedules_pending on appointment_reschedules (order_id, source) where state = 'pending'`.execute(db);
  await sql`create index appointment_reschedules_order on appointment_reschedules (order_id, id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('appointment_reschedules').execute();
  await sql`drop index orders_appoint_failed`.execute(db);
  for (const c of ['appoint_fail_at', 'appoint_fail_note', 'appoint_fail_reason', 'door_time_end', 'appoint_slot']) await db.schema.alterTable('orders').dropColumn(c).execute();
}
