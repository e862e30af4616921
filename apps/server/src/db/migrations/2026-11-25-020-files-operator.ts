import type { Kysely } from 'kysely';

// Operators upload too (the console acting for the master): their rows carry the operator and
// vendor_id 0, so every vendor query (`vendor_id = ?`) leaves them out. docs/decisions/097.
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('files').addColumn('operator_id', 'integer').execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('files').dropColumn('operator_id').execute();
}
