import { sql, type Kysely } from 'kysely';

// The bounded purge (decision 120) also deletes the limit counters of decision 112 once they are dead;
// it deletes through an index on the column it compares.
export async function up(db: Kysely<any>) {
  await sql`create index sms_send_limits_last_sent on sms_send_limits (last_sent_at)`.execute(db);
  await sql`create index login_failures_last_at on login_failures (last_at)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index login_failures_last_at`.execute(db);
  await sql`drop index sms_send_limits_last_sent`.execute(db);
}
