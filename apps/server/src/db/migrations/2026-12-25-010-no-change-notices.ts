import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// PostgreSQL: no process keeps sessions or webhook endpoints any more (decision 230), so nothing
// listens for their change notices: the triggers of migrations 2026-12-20-010 and 2026-12-22-010 go.
const AUTH_TABLES: Array<[table: string, events: string]> = [
  ['sessions', 'update or delete or truncate'],
  ['users', 'update of vendor_id, is_sub, deleted_at, name, account, phone or delete or truncate'],
  ['vendors', 'update of closed_at or delete or truncate'],
  ['menus', 'insert or update or delete or truncate'],
  ['user_menus', 'insert or update or delete or truncate'],
  ['operators', 'update or delete or truncate'],
];

export async function up(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  for (const [table] of AUTH_TABLES) await sql.raw(`drop trigger ${table}_auth_changed on ${table}`).execute(db);
  await sql`drop function auth_changed_notice()`.execute(db);
  await sql`drop trigger webhook_endpoints_changed on webhook_endpoints`.execute(db);
  await sql`drop function webhooks_changed_notice()`.execute(db);
}

export async function down(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  await sql`create function auth_changed_notice() returns trigger language plpgsql as $$
      begin
        perform pg_notify('portal_auth_changed', '');
        return null;
      end $$`.execute(db);
  for (const [table, events] of AUTH_TABLES) {
    await sql.raw(`create trigger ${table}_auth_changed after ${events} on ${table} for each statement execute function auth_changed_notice()`).execute(db);
  }
  await sql`create function webhooks_changed_notice() returns trigger language plpgsql as $$
      begin
        perform pg_notify('portal_webhooks_changed', '');
        return null;
      end $$`.execute(db);
  await sql`create trigger webhook_endpoints_changed after insert or update or delete or truncate on webhook_endpoints
      for each statement execute function webhooks_changed_notice()`.execute(db);
}
