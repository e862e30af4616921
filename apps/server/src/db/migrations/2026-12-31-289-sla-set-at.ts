import type { Kysely } from 'kysely';

// Decision 289: when the running stage's due time was set. A due time at or before it (a window that had
// already ended when the console entered it) was never a promise, and no credit pays for it. Orders
// from before have none: their stages count as promised, as they did.

export async function up(db: Kysely<any>) {
  await db.schema.alterTable('orders').addColumn('sla_set_at', 'varchar(30)').execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('orders').dropColumn('sla_set_at').execute();
}
