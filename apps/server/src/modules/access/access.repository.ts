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

/** A new vendor and its main account (registration), in the caller's transaction; answers both ids. */
export async function insertVendorWithMain(tx: Tx, v: { company: string; phone: string; passwordHash: string; now: string }) {
  const vendor = await tx.insertInto('vendors').values({ company: v.company, name: v.company, created_at: v.now }).returning('id').executeTakeFirstOrThrow();
  const user = await tx
    .insertInto('users')
    .values({ vendor_id: vendor.id, is_sub: 0, phone: v.phone, name: v.company, password_hash: v.passwordHash, created_at: v.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { vendorId: vendor.id, userId: user.id };
}

export const setUserPasswordHash = (db: DB | Tx, userId: number, passwordHash: string) =>
  db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();

export const setUserPhone = (db: DB | Tx, userId: number, phone: string) => db.updateTable('users').set({ phone }).where('id', '=', userId).execute();

/** The vendor closed and every user of it deleted, its phones and accounts freed. */
export async function closeVendor(tx: Tx, vendorId: number, now: string) {
  await tx.updateTable('vendors').set({ closed_at: now }).where('id', '=', vendorId).execute();
  await tx.updateTable('users').set({ deleted_at: now, phone: null, account: null }).where('vendor_id', '=', vendorId).execute();
}

/** The signed-in user with the company (getInfo). */
export const findUserInfo = (db: DB, userId: number) =>
  db
    .selectFrom('users')
    .innerJoin('vendors', 'vendors.id', 'users.vendor_id')
    .select(['users.id', 'users.phone', 'users.account', 'users.name', 'users.avatar', 'users.is_sub', 'vendors.company', 'vendors.id as vendorId'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();

/** The operator signing in to the console, by account name. */
export const findOperatorByAccount = (db: DB, account: string) =>
  db.selectFrom('operators').select(['id', 'password_hash']).where('account', '=', account).executeTakeFirst();
