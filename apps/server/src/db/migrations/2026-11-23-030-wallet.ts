import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers';

export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);

  // The ledger. amount_fen is signed (+ income, − expense) and agrees with change_type.
  // settled = 1 once the record has moved vendors.balance_fen (a pending or rejected top-up is 0),
  // so at every moment balance_fen = sum(amount_fen) over the vendor's settled records.
  await withId(db.schema.createTable('account_records'), pg)
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('change_type', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('before_balance_fen', 'bigint')
    .addColumn('balance_after_fen', 'bigint')
    .addColumn('settled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_type', 'integer', (c) => c.notNull())
    .addColumn('pay_method', 'integer', (c) => c.notNull())
    .addColumn('pay_status', 'integer', (c) => c.notNull())
    .addColumn('order_no', 'varchar(64)')
    .addColumn('order_id', 'integer')
    .addColumn('transaction_flow_no', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('operator', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('remarks', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('credentials', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('reject_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer')
    .addColumn('operator_id', 'integer')
    .addColumn('pay_time', 'varchar(30)', (c) => c.notNull())
    .addColumn('confirmed_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // The vendor's list sorts by pay time; filters narrow by type, income/expense and order number.
  await db.schema.createIndex('account_records_vendor_time').on('account_records').columns(['vendor_id', 'pay_time', 'id']).execute();
  await db.schema.createIndex('account_records_vendor_type').on('account_records').columns(['vendor_id', 'payment_type', 'pay_time']).execute();
  await db.schema.createIndex('account_records_vendor_change').on('account_records').columns(['vendor_id', 'change_type', 'pay_time']).execute();
  await db.schema.createIndex('account_records_vendor_order').on('account_records').columns(['vendor_id', 'order_no']).execute();
  await db.schema.createIndex('account_records_order').on('account_records').column('order_id').execute();
  // The console's queue of top-ups awaiting confirmation.
  await db.schema.createIndex('account_records_status').on('account_records').columns(['payment_type', 'pay_status', 'created_at']).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('account_records').ifExists().execute();
}
