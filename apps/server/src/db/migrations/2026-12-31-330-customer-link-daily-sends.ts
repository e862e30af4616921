import type { Kysely } from 'kysely';

// Decision 298: the texts of an order's link per Shanghai day. sends_day is the day ('YYYY-MM-DD', Shanghai)
// day_sends counts; held_at is set when the automatic send found the day's texts used up, and the link
// then waits for the merchant's 重新发送 (the sender skips it). Links from before start at 0 today.

export async function up(db: Kysely<any>) {
  await db.schema.alterTable('customer_links').addColumn('sends_day', 'varchar(10)').execute();
  await db.schema.alterTable('customer_links').addColumn('day_sends', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('customer_links').addColumn('held_at', 'varchar(30)').execute();
}

export async function down(db: Kysely<any>) {
  for (const c of ['held_at', 'day_sends', 'sends_day']) await db.schema.alterTable('customer_links').dropColumn(c).execute();
}
