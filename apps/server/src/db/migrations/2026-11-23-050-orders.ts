import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers';

// Orders and everything that happens to them. Every vendor-owned row carries vendor_id.
export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);
  const t = (name: string) => withId(db.schema.createTable(name), pg);

  await t('orders')
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('node', 'integer', (c) => c.notNull())
    .addColumn('parole', 'integer', (c) => c.notNull())
    .addColumn('service_type', 'integer', (c) => c.notNull())
    .addColumn('create_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('urgent_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('urgent_type', 'integer')
    .addColumn('urgent_price_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('praise_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('praise_price_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('return_parts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('real_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('phone_extension', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('province_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('province_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('city_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('city_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('district_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('district_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('detail_address', 'varchar(400)', (c) => c.notNull())
    .addColumn('door_time', 'varchar(30)')
    .addColumn('remarks', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('technical_contacts', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('address_id', 'integer')
    .addColumn('payment_type', 'integer')
    .addColumn('order_source', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('order_source_num', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('total_fen', 'bigint', (c) => c.notNull())
    .addColumn('discount_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('real_pay_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expenses', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('out_warranty_fee_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pay_time', 'varchar(30)')
    .addColumn('receiving_time', 'varchar(30)')
    .addColumn('completion_time', 'varchar(30)')
    .addColumn('virtual_taking', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('customer_service_id', 'integer')
    .addColumn('master_id', 'integer')
    .addColumn('marker_type', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('marker_value', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .addColumn('follow_remark', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .addColumn('close_remark', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .addColumn('lng', 'double precision')
    .addColumn('lat', 'double precision')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // The list: newest first within a vendor, optionally by status; keyword by phone / number.
  await db.schema.createIndex('orders_vendor_created').on('orders').columns(['vendor_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_vendor_status').on('orders').columns(['vendor_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('orders_vendor_completion').on('orders').columns(['vendor_id', 'completion_time']).execute();
  await db.schema.createIndex('orders_vendor_creator').on('orders').columns(['vendor_id', 'created_by', 'created_at']).execute();
  await db.schema.createIndex('orders_phone').on('orders').columns(['phone', 'created_at']).execute();
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('orders_master').on('orders').column('master_id').execute();

  await t('order_products')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('category_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('model_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('picture', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('price_fen', 'bigint', (c) => c.notNull())
    .addColumn('guide_price_fen', 'bigint')
    .addColumn('discount_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('maintenance_type', 'integer')
    .addColumn('remarks', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .addColumn('video_select', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('drawing_select', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('new_videos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('new_drawings', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('order_products_order').on('order_products').column('order_id').execute();
  await db.schema.createIndex('order_products_product').on('order_products').columns(['product_id', 'order_id']).execute();
  await db.schema.createIndex('order_products_vendor').on('order_products').columns(['vendor_id', 'order_id']).execute();

  await t('order_surcharges')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('order_product_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('pz_id', 'integer')
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('price_fen', 'bigint', (c) => c.notNull())
    .addColumn('num', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_surcharges_order').on('order_surcharges').column('order_id').execute();

  await t('order_logistics')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('courier_company', 'varchar(50)', (c) => c.notNull())
    .addColumn('courier_num', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_logistics_order').on('order_logistics').column('order_id').execute();

  await t('order_operate_records')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('node', 'integer', (c) => c.notNull())
    .addColumn('content', 'varchar(1000)', (c) => c.notNull())
    .addColumn('relevance_type', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('relevance_id', 'integer')
    .addColumn('certificate', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('operator', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_operate_records_order').on('order_operate_records').columns(['order_id', 'id']).execute();

  await t('order_reminders')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('content', 'varchar(400)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_reminders_order').on('order_reminders').column('order_id').execute();

  // Parts the master asks for (node 530) and the vendor's shipment of them.
  await t('material_submissions')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('apply_accessories', 'varchar(400)', (c) => c.notNull())
    .addColumn('product_pic', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('product_video', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('remarks', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('tracking_num', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('shipped_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('material_submissions_order').on('material_submissions').columns(['order_id', 'id']).execute();

  await t('return_records')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('express_bill_img', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('express_company_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('express_number', 'varchar(50)', (c) => c.notNull())
    .addColumn('payment_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('express_fee_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('express_voucher', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('returned_photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('check_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('checked_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('return_records_order').on('return_records').columns(['order_id', 'id']).execute();

  await t('praise_records')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('certificate', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('check_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('checked_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('praise_records_order').on('praise_records').columns(['order_id', 'id']).execute();

  await t('completion_pics')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('order_product_id', 'integer')
    .addColumn('file_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('file_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('completion_pics_order').on('completion_pics').column('order_id').execute();
  await db.schema.createIndex('completion_pics_vendor').on('completion_pics').columns(['vendor_id', 'order_id']).execute();

  // The platform's world: masters, dealer outlets, logistics carriers, surcharge catalogue.
  await t('masters')
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('province_code', 'varchar(12)', (c) => c.notNull())
    .addColumn('city_code', 'varchar(12)', (c) => c.notNull())
    .addColumn('district_codes', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .addColumn('skills', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('rating', 'integer', (c) => c.notNull().defaultTo(50))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('masters_city').on('masters').column('city_code').execute();

  await t('dealer_outlets')
    .addColumn('district_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('dealer_outlets_district').on('dealer_outlets').column('district_id').execute();

  await t('outlet_discounts')
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('full_reduce_amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('discount_amount_fen', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outlet_discounts_vendor').on('outlet_discounts').column('vendor_id').execute();

  await t('logistics_companies')
    .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await t('surcharge_items')
    .addColumn('service_type', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('price_fen', 'bigint', (c) => c.notNull())
    .addColumn('unit', 'varchar(10)', (c) => c.notNull().defaultTo('项'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('surcharge_items_service').on('surcharge_items').columns(['service_type', 'sort']).execute();
}

export async function down(db: Kysely<any>) {
  for (const name of [
    'surcharge_items', 'logistics_companies', 'outlet_discounts', 'dealer_outlets', 'masters', 'completion_pics', 'praise_records', 'return_records',
    'material_submissions', 'order_reminders', 'order_operate_records', 'order_logistics', 'order_surcharges', 'order_products', 'orders',
  ]) {
    await db.schema.dropTable(name).ifExists().execute();
  }
}
