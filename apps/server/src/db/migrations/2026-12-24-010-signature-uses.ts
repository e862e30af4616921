import type { Kysely } from 'kysely';

// Signed writes accepted once (docs/decisions/225): the signature of every accepted write, kept until
// its timestamp leaves the 5-minute window (after that the timestamp check refuses it anyway). The
// primary key makes the claim one atomic insert on both engines, across processes and servers.
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('signature_uses')
    .addColumn('signature', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signature_uses_expires_at').on('signature_uses').column('expires_at').execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('signature_uses').execute();
}
