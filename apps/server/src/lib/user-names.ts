import type { DB } from '../db/database';

/** How a vendor user is named in the operator column: nickname, else phone, else login account. */
export async function userDisplayName(db: DB, userId: number): Promise<string> {
  const u = await db.selectFrom('users').select(['name', 'phone', 'account']).where('id', '=', userId).executeTakeFirst();
  return u?.name || u?.phone || u?.account || '';
}
