import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers';

// After-sales and compensation cases of completed orders, their timeline, and the reason catalogue.
export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);

  await withId(db.schema.createTable('after_sales'), pg)
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('check_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('check_reason', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .addColumn('processing_status', 'integer')
    .addColumn('money_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reasons', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'varchar(400)', (c) => c.notNull())
    .addColumn('voucher', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('old_order_id', 'integer', (c) => c.notNull())
    .addColumn('new_order_id', 'integer')
    .addColumn('account_record_id', 'integer')
    .addColumn('checked_by', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('check_time', 'varchar(30)')
    .addColumn('finished_at', 'varchar(30)')
    .execute();
  // The vendor's list: newest first, optionally by status; the order's open case; the console's queue.
  await db.schema.createIndex('after_sales_vendor_created').on('after_sales').columns(['vendor_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('after_sales_vendor_status').on('after_sales').columns(['vendor_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('after_sales_vendor_creator').on('after_sales').columns(['vendor_id', 'created_by', 'created_at']).execute();
  await db.schema.createIndex('after_sales_order').on('after_sales').columns(['order_id', 'status']).execute();
  await db.schema.createIndex('after_sales_check').on('after_sales').columns(['check_status', 'created_at']).execute();

  await withId(db.schema.createTable('after_sale_logs'), pg)
    .addColumn('after_sale_id', 'integer', (c) => c.notNull().references('after_sales.id'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('content', 'varchar(1000)', (c) => c.notNull())
    .addColumn('operator', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('after_sale_logs_case').on('after_sale_logs').columns(['after_sale_id', 'id']).execute();

  await withId(db.schema.createTable('after_sale_reasons'), pg)
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('content', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('after_sale_reasons_type_content').on('after_sale_reasons').columns(['type', 'content']).unique().execute();
}

export async function down(db: Kysely<any>) {
  for (const name of ['after_sale_reasons', 'after_sale_logs', 'after_sales']) await db.schema.dropTable(name).ifExists().execute();
}
