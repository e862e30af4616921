import type { Kysely } from 'kysely';

// The product list filters live rows (deleted_at is null) of one vendor, newest first: with
// deleted_at inside the index, the page is an index range and the total a covering-index count.
export async function up(db: Kysely<any>) {
  await db.schema.dropIndex('products_vendor_created').execute();
  await db.schema.createIndex('products_vendor_live_created').on('products').columns(['vendor_id', 'deleted_at', 'created_at']).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('products_vendor_live_created').execute();
  await db.schema.createIndex('products_vendor_created').on('products').columns(['vendor_id', 'created_at']).execute();
}
