import { sql } from 'kysely';
import type { DB } from '../db/database';
import { NAMED } from '../db/pg-prepared';

// SQL of the session lookup (plugins/auth.ts); runs on every authenticated call.

/** The session of a token hash with, for a vendor session, its live user (one query). */
// Written as SQL rather than built: the query builder's ~40 µs a call is paid on every request. A key
// lookup: named on PostgreSQL (decision 189).
export async function findSession(db: DB, tokenHash: string) {
  const r = await sql<{ id: number; kind: string; user_id: number; expires_at: string; vendor_id: number | null; is_sub: number | null; live_vendor_id: number | null; name: string | null; account: string | null; phone: string | null }>`${NAMED}
    select s.id, s.kind, s.user_id, s.expires_at, u.vendor_id, u.is_sub, v.id as live_vendor_id, u.name, u.account, u.phone
    from sessions s
    left join users u on u.id = s.user_id and s.kind = 'vendor' and u.deleted_at is null
    left join vendors v on v.id = u.vendor_id and v.closed_at is null
    where s.token_hash = ${tokenHash}`.execute(db);
  return r.rows[0];
}

/** A sub-account's granted menus: each menu's permission key and the grant's data scope. */
export const listUserMenuGrants = (db: DB, userId: number) =>
  db
    .selectFrom('user_menus')
    .innerJoin('menus', 'menus.id', 'user_menus.menu_id')
    .select(['menus.permissions', 'user_menus.data_permissions'])
    .where('user_menus.user_id', '=', userId)
    .execute();

/** A platform operator's id and name. */
export const findOperator = (db: DB, operatorId: number) =>
  db.selectFrom('operators').select(['id', 'name']).where('id', '=', operatorId).executeTakeFirst();
