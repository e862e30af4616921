import type { Kysely } from 'kysely';

// Rate-limit counters shared by every process (decision 119), the lease that lets one process at a
// time run a periodic job (decision 120), and the expiry indexes the purge deletes by.
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    // ms since the epoch when this window ends
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset').on('rate_limits').column('reset_at').execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(60)', (c) => c.notNull())
    .addColumn('until', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('captchas_expires').on('captchas').column('expires_at').execute();
  await db.schema.createIndex('sms_codes_expires').on('sms_codes').column('expires_at').execute();
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('sms_outbox_created').on('sms_outbox').column('created_at').execute();
}

export async function down(db: Kysely<any>) {
  for (const i of ['sms_outbox_created', 'sessions_expires', 'sms_codes_expires', 'captchas_expires']) await db.schema.dropIndex(i).execute();
  await db.schema.dropTable('job_leases').execute();
  await db.schema.dropTable('rate_limits').execute();
}
