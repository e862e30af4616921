import { sql, type Kysely } from 'kysely';

// Sent notification SMS texts are purged a day after sending (db/purge.ts): through this index.
export async function up(db: Kysely<any>) {
  await sql`create index notification_sms_sent on notification_sms (sent_at) where sent_at is not null`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists notification_sms_sent`.execute(db);
}
