import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './helpers';

// Monthly statements and invoice requests (decisions 180–182).
export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);
  // A settled record moved the balance when it was confirmed (a top-up) or else when it was paid:
  // statements and invoices read a vendor's records by that time, through this index.
  await sql`create index account_records_vendor_moved on account_records (vendor_id, (coalesce(confirmed_at, pay_time)), id) where settled = 1`.execute(db);

  // A closed month's figures, written once after the month ends: later corrections cannot change them.
  await db.schema
    .createTable('statement_months')
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('figures', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('statement_months_pk', ['vendor_id', 'month'])
    .execute();

  await withId(db.schema.createTable('invoice_requests'), pg)
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('invoice_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('taxpayer_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('invoice_type', 'integer', (c) => c.notNull())
    .addColumn('email', 'varchar(100)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_account', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('registered_address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('registered_phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('months', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('order_nos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reject_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('pdf_path', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer')
    .addColumn('decided_by', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('invoice_requests_vendor').on('invoice_requests').columns(['vendor_id', 'id']).execute();
  await db.schema.createIndex('invoice_requests_status').on('invoice_requests').columns(['status', 'id']).execute();

  // The ledger records an invoice request covers. A record is in at most one live request: the
  // partial unique index is what makes invoicing the same money twice impossible, also in parallel.
  await withId(db.schema.createTable('invoice_items'), pg)
    .addColumn('request_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`create unique index invoice_items_live_record on invoice_items (record_id) where active = 1`.execute(db);
  await db.schema.createIndex('invoice_items_request').on('invoice_items').column('request_id').execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('invoice_items').execute();
  await db.schema.dropTable('invoice_requests').execute();
  await db.schema.dropTable('statement_months').execute();
  await sql`drop index account_records_vendor_moved`.execute(db);
}
