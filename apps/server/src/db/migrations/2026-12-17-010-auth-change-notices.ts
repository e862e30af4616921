import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// PostgreSQL: a write that can end or narrow a signed-in session tells every server process, which
// drops the sessions it resolved lately (docs/decisions/191). One notice a statement, sent at commit:
// a logout or a purge (sessions deleted), a user renamed, re-phoned, re-passworded or deleted, a vendor
// closed, a sub-account's grants or the menus' keys changed, an operator changed.
const CHANNEL = 'portal_auth';
const TRIGGERS: Array<[table: string, events: string]> = [
  ['sessions', 'update or delete'],
  ['users', 'update or delete'],
  ['vendors', 'update of closed_at or delete'],
  ['user_menus', 'insert or update or delete'],
  ['menus', 'insert or update or delete'],
  ['operators', 'update or delete'],
];

export async function up(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  await sql.raw(`create function portal_auth_changed() returns trigger language plpgsql as $$
    begin perform pg_notify('${CHANNEL}', tg_table_name); return null; end $$`).execute(db);
  for (const [table, events] of TRIGGERS) {
    await sql.raw(`create trigger ${table}_auth_changed after ${events} on ${table} for each statement execute function portal_auth_changed()`).execute(db);
  }
}

export async function down(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  for (const [table] of TRIGGERS) await sql.raw(`drop trigger ${table}_auth_changed on ${table}`).execute(db);
  await sql.raw('drop function portal_auth_changed()').execute(db);
}
