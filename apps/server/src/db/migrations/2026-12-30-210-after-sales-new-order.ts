import { sql, type Kysely } from 'kysely';

// Decision 281: the order side asks "is this order the re-dispatch order of a case still being handled?"
// (the order list, the order detail and the merchant's cancel), by after_sales.new_order_id.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index after_sales_new_order on after_sales (new_order_id, status) where new_order_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index after_sales_new_order`.execute(db);
}
