import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './helpers';

// Idempotent writes (decision 127): one row per (scope, key). The unique pair is the claim two
// simultaneous requests race for; created_at serves the 24-hour expiry and its bounded purge.
export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);
  await withId(db.schema.createTable('idempotency_keys'), pg)
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('locked_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('idempotency_keys_scope_key', ['scope', 'idem_key'])
    .execute();
  await sql`create index idempotency_keys_created on idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('idempotency_keys').execute();
}
