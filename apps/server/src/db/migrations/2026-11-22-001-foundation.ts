import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers';

export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);

  await withId(db.schema.createTable('vendors'), pg)
    .addColumn('company', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('contacts', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('license', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('outlet_discount_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_discount_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('closed_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  // Main accounts (is_sub 0, log in by phone) and sub-accounts (is_sub 1, log in by account).
  await withId(db.schema.createTable('users'), pg)
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
    .addColumn('is_sub', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phone', 'varchar(20)')
    .addColumn('account', 'varchar(40)')
    .addColumn('name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(30)')
    .addColumn('deleted_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_vendor').on('users').column('vendor_id').execute();
  await db.schema.createIndex('users_phone').on('users').columns(['phone', 'is_sub']).execute();
  await db.schema.createIndex('users_account').on('users').column('account').execute();

  await withId(db.schema.createTable('operators'), pg)
    .addColumn('account', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('sessions'), pg)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['kind', 'user_id']).execute();

  await db.schema.createTable('captchas')
    .addColumn('uuid', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('text', 'varchar(20)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('sms_codes'), pg)
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('code', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_codes_phone').on('sms_codes').columns(['phone', 'type', 'created_at']).execute();

  await withId(db.schema.createTable('sms_outbox'), pg)
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_outbox_phone').on('sms_outbox').columns(['phone', 'created_at']).execute();

  await db.schema.createTable('configs')
    .addColumn('key', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createTable('agreements')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('notices'), pg)
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('image', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema.createTable('regions')
    .addColumn('code', 'varchar(12)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('parent_code', 'varchar(12)')
    .addColumn('level', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('regions_parent').on('regions').column('parent_code').execute();

  await db.schema.createTable('menus')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer')
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('menu_type', 'varchar(2)', (c) => c.notNull())
    .addColumn('permissions', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('data_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.createTable('user_menus')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('menu_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('data_permissions', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_menus_pk', ['user_id', 'menu_id'])
    .execute();

  await withId(db.schema.createTable('vendor_technicians'), pg)
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('vendor_technicians_vendor').on('vendor_technicians').column('vendor_id').execute();

  await withId(db.schema.createTable('vendor_addresses'), pg)
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('real_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('province_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('province_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('city_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('city_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('district_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('district_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('detail_address', 'varchar(400)', (c) => c.notNull())
    .addColumn('default_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('vendor_addresses_vendor').on('vendor_addresses').column('vendor_id').execute();
}

export async function down(db: Kysely<any>) {
  for (const t of ['vendor_addresses', 'vendor_technicians', 'user_menus', 'menus', 'regions', 'notices', 'agreements', 'configs', 'sms_outbox', 'sms_codes', 'captchas', 'sessions', 'operators', 'users', 'vendors']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
