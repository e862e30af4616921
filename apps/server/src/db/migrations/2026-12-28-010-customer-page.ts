import { sql, type Kysely } from 'kysely';

// Issue 47: the end customer's page of an order (decisions 260–266).
export async function up(db: Kysely<any>) {
  // One link per order. token_hash: SHA-256 of the live token (null while the first SMS waits to be
  // sent, and once revoked); the token itself is stored nowhere. ends_at: when the order last ended
  // (completed or cancelled), null while it runs — the link works until 30 days after it.
  // confirmed_door_time: the door time the customer confirmed (a later change of it asks again).
  await db.schema
    .createTable('customer_links')
    .addColumn('order_id', 'integer', (c) => c.primaryKey())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('token_hash', 'varchar(64)')
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('sends', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'varchar(30)')
    .addColumn('revoked_at', 'varchar(30)')
    .addColumn('ends_at', 'varchar(30)')
    .addColumn('confirmed_door_time', 'varchar(30)')
    .addColumn('confirmed_at', 'varchar(30)')
    // photos the link's customer uploaded (capped by a conditional UPDATE)
    .addColumn('uploads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await sql`create unique index customer_links_token on customer_links (token_hash) where token_hash is not null`.execute(db);
  await sql`create index customer_links_pending on customer_links (order_id) where state = 'pending'`.execute(db);

  // The visit code (核销码) of an order: shown on the customer's page, asked for by the console's
  // completion. attempts counts wrong guesses (capped by a conditional UPDATE); used_by 'code' or
  // 'override' once the completion used it or went without it.
  await db.schema
    .createTable('visit_codes')
    .addColumn('order_id', 'integer', (c) => c.primaryKey())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_by', 'varchar(10)')
    .addColumn('used_at', 'varchar(30)')
    .addColumn('override_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('operator', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  // One rating per order (the primary key is the once-only guard). tags and photos: JSON lists.
  await db.schema
    .createTable('order_ratings')
    .addColumn('order_id', 'integer', (c) => c.primaryKey())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('comment', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await sql`create index order_ratings_vendor on order_ratings (vendor_id, created_at)`.execute(db);

  // 满意度 as the order list shows and filters it: the score, written with the rating.
  await db.schema.alterTable('orders').addColumn('customer_rating', 'integer').execute();
  await sql`create index orders_vendor_rating on orders (vendor_id, customer_rating) where customer_rating is not null`.execute(db);

  // Where an after-sales case came from: '' the merchant, 'customer' the customer's page.
  await db.schema.alterTable('after_sales').addColumn('source', 'varchar(20)', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('after_sales').dropColumn('source').execute();
  await sql`drop index orders_vendor_rating`.execute(db);
  await db.schema.alterTable('orders').dropColumn('customer_rating').execute();
  await db.schema.dropTable('order_ratings').execute();
  await db.schema.dropTable('visit_codes').execute();
  await db.schema.dropTable('customer_links').execute();
}
