import type { DB } from '../db/database';

// SQL of the session lookup (plugins/auth.ts); runs on every authenticated call.

/** The session of a token hash with, for a vendor session, its live user (one query). */
export const findSession = (db: DB, tokenHash: string) =>
  db
    .selectFrom('sessions as s')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 's.user_id').on('s.kind', '=', 'vendor').on('u.deleted_at', 'is', null))
    .leftJoin('vendors as v', (j) => j.onRef('v.id', '=', 'u.vendor_id').on('v.closed_at', 'is', null))
    .select(['s.id', 's.kind', 's.user_id', 's.expires_at', 'u.vendor_id', 'u.is_sub', 'v.id as live_vendor_id', 'u.name', 'u.account', 'u.phone'])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();

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
