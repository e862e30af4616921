import type { DB, Tx } from '../../db/database';
import { hashToken, newToken } from '../../lib/passwords';
import { isoIn, nowIso } from '../../lib/time';

export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;

export function findMainByPhone(db: DB | Tx, phone: string) {
  return db
    .selectFrom('users')
    .innerJoin('vendors', 'vendors.id', 'users.vendor_id')
    .selectAll('users')
    .where('users.phone', '=', phone)
    .where('users.is_sub', '=', 0)
    .where('users.deleted_at', 'is', null)
    .where('vendors.closed_at', 'is', null)
    .executeTakeFirst();
}

export function findSubBy(db: DB | Tx, column: 'account' | 'phone', value: string) {
  return db
    .selectFrom('users')
    .innerJoin('vendors', 'vendors.id', 'users.vendor_id')
    .selectAll('users')
    .where(`users.${column}`, '=', value)
    .where('users.is_sub', '=', 1)
    .where('users.deleted_at', 'is', null)
    .where('vendors.closed_at', 'is', null)
    .executeTakeFirst();
}

export function findUserById(db: DB | Tx, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function createSession(db: DB | Tx, kind: 'vendor' | 'platform', userId: number, vendorId: number | null) {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), kind, user_id: userId, vendor_id: vendorId, created_at: nowIso(), expires_at: isoIn(SESSION_TTL_MS) })
    .execute();
  return token;
}

export const deleteSession = (db: DB | Tx, id: number) => db.deleteFrom('sessions').where('id', '=', id).execute();
/** Ends every session of the user, except `keepSessionId` (the session that asked, when it stays signed in). */
export const revokeUserSessions = (db: DB | Tx, kind: 'vendor' | 'platform', userId: number, keepSessionId: number | null) => {
  let q = db.deleteFrom('sessions').where('kind', '=', kind).where('user_id', '=', userId);
  if (keepSessionId !== null) q = q.where('id', '!=', keepSessionId);
  return q.execute();
};
export const deleteVendorSessions = (db: DB | Tx, vendorId: number) =>
  db.deleteFrom('sessions').where('kind', '=', 'vendor').where('vendor_id', '=', vendorId).execute();
