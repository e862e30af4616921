import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// PostgreSQL: a notice on the channel portal_auth_changed whenever a write could change who a session
// is or what it may do (docs/decisions/212): a session updated or deleted; a user's vendor, sub-account
// flag, deletion or names; a vendor closed; a menu or a grant; an operator. Each server process keeps
// the sessions it looked up and forgets them all on a notice. PostgreSQL sends the notice when the
// writing transaction commits, whoever wrote (the app, a data fix in psql), and sends one a transaction.
// SQLite looks every session up: nothing to notify.
const TRIGGERS: Array<[table: string, events: string]> = [
  ['sessions', 'update or delete or truncate'],
  ['users', 'update of vendor_id, is_sub, deleted_at, name, account, phone or delete or truncate'],
  ['vendors', 'update of closed_at or delete or truncate'],
  ['menus', 'insert or update or delete or truncate'],
  ['user_menus', 'insert or update or delete or truncate'],
  ['operators', 'update or delete or truncate'],
];

export async function up(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  await sql`create function auth_changed_notice() returns trigger language plpgsql as $$
      begin
        perform pg_notify('portal_auth_changed', '');
        return null;
      end $$`.execute(db);
  for (const [table, events] of TRIGGERS) {
    await sql.raw(`create trigger ${table}_auth_changed after ${events} on ${table} for each statement execute function auth_changed_notice()`).execute(db);
  }
}

export async function down(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  for (const [table] of TRIGGERS) await sql.raw(`drop trigger ${table}_auth_changed on ${table}`).execute(db);
  await sql`drop function auth_changed_notice()`.execute(db);
}
