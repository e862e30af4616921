import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './helpers';

// Issue 46: extra fees (加价申请) and price caps (加价上限), decisions 250–254.
export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);

  // A master's request for an extra fee on an order. status 0 待确认, 1 已通过, 2 已驳回. order_owner: the
  // order's creator (data scope "own"). decided_by: merchant | cap | cap_refused | timeout. due_at: when
  // the timeout rule answers a pending request. account_record_id: the debit of an approved one.
  await withId(db.schema.createTable('extra_fees'), pg)
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('order_owner', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('reason_text', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requested_by', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_by', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('decider', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('decider_id', 'integer')
    .addColumn('reject_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('account_record_id', 'integer')
    .addColumn('due_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // One pending request per order: the guard of a second one, and the order list's 待确认加价 lookup.
  await sql`create unique index extra_fees_one_pending on extra_fees (order_id) where status = 0`.execute(db);
  await sql`create index extra_fees_vendor_pending on extra_fees (vendor_id, order_id) where status = 0`.execute(db);
  await sql`create index extra_fees_due on extra_fees (due_at) where status = 0`.execute(db);
  await sql`create index extra_fees_order on extra_fees (order_id, id)`.execute(db);

  // The most a merchant accepts per order, per category and service type; product_id 0 is "any product".
  await withId(db.schema.createTable('extra_fee_caps'), pg)
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('service_type', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cap_fen', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await sql`create unique index extra_fee_caps_key on extra_fee_caps (vendor_id, category_id, service_type, product_id)`.execute(db);

  // Every change of a cap: before and after (null: not set / removed), who and when.
  await withId(db.schema.createTable('extra_fee_cap_logs'), pg)
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('service_type', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('before_fen', 'bigint')
    .addColumn('after_fen', 'bigint')
    .addColumn('operator', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await sql`create index extra_fee_cap_logs_vendor on extra_fee_cap_logs (vendor_id, id)`.execute(db);

  // The merchant's rules (no row: the defaults, decision 251).
  await db.schema
    .createTable('extra_fee_settings')
    .addColumn('vendor_id', 'integer', (c) => c.primaryKey())
    .addColumn('over_cap', 'varchar(10)', (c) => c.notNull().defaultTo('wait'))
    .addColumn('timeout_hours', 'integer', (c) => c.notNull().defaultTo(24))
    .addColumn('timeout_action', 'varchar(10)', (c) => c.notNull().defaultTo('reject'))
    .addColumn('updated_by', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('extra_fee_settings').execute();
  await db.schema.dropTable('extra_fee_cap_logs').execute();
  await db.schema.dropTable('extra_fee_caps').execute();
  await db.schema.dropTable('extra_fees').execute();
}
