import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// PostgreSQL: a notice on the channel portal_webhooks_changed whenever a webhook endpoint is written
// (docs/decisions/217). Each server process keeps the live endpoints it looked up, by vendor, and
// forgets them all on a notice. PostgreSQL sends the notice when the writing transaction commits,
// whoever wrote, once a transaction. SQLite looks the endpoints up in every transaction: nothing to notify.
export async function up(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  await sql`create function webhooks_changed_notice() returns trigger language plpgsql as $$
      begin
        perform pg_notify('portal_webhooks_changed', '');
        return null;
      end $$`.execute(db);
  await sql`create trigger webhook_endpoints_changed after insert or update or delete or truncate on webhook_endpoints
      for each statement execute function webhooks_changed_notice()`.execute(db);
}

export async function down(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  await sql`drop trigger webhook_endpoints_changed on webhook_endpoints`.execute(db);
  await sql`drop function webhooks_changed_notice()`.execute(db);
}
