import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './helpers';

// Issue 19: the notification centre (decisions 173–175) and order timeliness (decisions 176–178).
export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);

  // Each order's running SLA stage and its due time, kept by the state machine on every move, so the
  // list's 已超时 / 即将超时 filter is an index range (vendor, due time), never a per-row computation.
  // sla_breached: the running stage's breach is recorded (the sweep claims it by setting it);
  // sla_breaches: how many stages of the order were breached (offered as an after-sales reason).
  await db.schema.alterTable('orders').addColumn('sla_stage', 'varchar(20)').execute();
  await db.schema.alterTable('orders').addColumn('sla_due_at', 'varchar(30)').execute();
  await db.schema.alterTable('orders').addColumn('sla_breached', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('sla_breaches', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`create index orders_sla_due on orders (vendor_id, sla_due_at) where sla_due_at is not null`.execute(db);
  await sql`create index orders_sla_sweep on orders (sla_due_at) where sla_due_at is not null and sla_breached = 0`.execute(db);

  // The platform-wide targets: one row (id 1); none means the defaults.
  await db.schema
    .createTable('sla_targets')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('targets', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  // One row per event of a vendor; read state per user: everything up to read_up_to, plus single reads above it.
  await withId(db.schema.createTable('notifications'), pg)
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('order_id', 'integer')
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    /** the order's creator: a sub-account with data scope "own" sees the notifications of its own orders */
    .addColumn('order_owner', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await sql`create index notifications_vendor on notifications (vendor_id, id)`.execute(db);
  await sql`create index notifications_vendor_type on notifications (vendor_id, type, id)`.execute(db);

  await db.schema
    .createTable('notification_marks')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('read_up_to', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('notification_reads')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('notification_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_reads_pk', ['user_id', 'notification_id'])
    .execute();

  // Per user and type: also by SMS (absent: in the portal only).
  await db.schema
    .createTable('notification_prefs')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('sms', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('notification_prefs_pk', ['user_id', 'type'])
    .execute();
  await sql`create index notification_prefs_vendor on notification_prefs (vendor_id, type) where sms = 1`.execute(db);

  // SMS texts written with the notification (same transaction) and sent after commit by whichever process claims them.
  await withId(db.schema.createTable('notification_sms'), pg)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(30)')
    .execute();
  await sql`create index notification_sms_pending on notification_sms (id) where sent_at is null`.execute(db);

  // Single-use tickets that open a notification stream (an EventSource cannot send the token header).
  await db.schema
    .createTable('stream_tickets')
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    /** JSON: what the user may see (orders: all / own / none; wallet: yes / no) */
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await sql`create index stream_tickets_expires on stream_tickets (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const t of ['stream_tickets', 'notification_sms', 'notification_prefs', 'notification_reads', 'notification_marks', 'notifications', 'sla_targets']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await sql`drop index if exists orders_sla_due`.execute(db);
  await sql`drop index if exists orders_sla_sweep`.execute(db);
  for (const c of ['sla_stage', 'sla_due_at', 'sla_breached', 'sla_breaches']) await db.schema.alterTable('orders').dropColumn(c).execute();
}
