import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers';

const PRICES = ['installation', 'repair', 'overhaul', 'medium', 'minor', 'cleanse', 'debug'];

export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);

  // Reference data with stable ids (seeded at every start), so no auto-increment.
  await db.schema.createTable('categories')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer')
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('categories_parent').on('categories').columns(['parent_id', 'sort']).execute();

  let products = withId(db.schema.createTable('products'), pg)
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('category_id_one', 'integer', (c) => c.notNull())
    .addColumn('category_id_two', 'integer', (c) => c.notNull())
    .addColumn('category_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('category_name_one', 'varchar(50)', (c) => c.notNull())
    .addColumn('category_name_two', 'varchar(50)', (c) => c.notNull())
    .addColumn('model_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('picture', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    // JSON arrays of {fileName, fileType, fileUrl}: always read and written whole with the product.
    .addColumn('videos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('drawings', 'text', (c) => c.notNull().defaultTo('[]'));
  for (const f of PRICES) {
    products = products.addColumn(`${f}_fen`, 'bigint').addColumn(`guide_${f}_fen`, 'bigint');
  }
  await products
    .addColumn('repair_rule', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('overhaul_rule', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('medium_rule', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('minor_rule', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('check_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reject_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('checked_by', 'integer')
    .addColumn('checked_at', 'varchar(30)')
    .addColumn('instructor_name', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('instructor_phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('deleted_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_vendor_created').on('products').columns(['vendor_id', 'created_at']).execute();
  await db.schema.createIndex('products_vendor_category').on('products').columns(['vendor_id', 'category_id']).execute();
  await db.schema.createIndex('products_vendor_category_two').on('products').columns(['vendor_id', 'category_id_two']).execute();
  await db.schema.createIndex('products_vendor_check').on('products').columns(['vendor_id', 'check_status', 'created_at']).execute();
  await db.schema.createIndex('products_check_created').on('products').columns(['check_status', 'created_at']).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('products').ifExists().execute();
  await db.schema.dropTable('categories').ifExists().execute();
}
