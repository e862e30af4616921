import type { DB } from '../db/database';
import { findUserNameFields } from './users.repository';

/** How a vendor user is named in the operator column: nickname, else phone, else login account. */
export async function userDisplayName(db: DB, userId: number): Promise<string> {
  const u = await findUserNameFields(db, userId);
  return u?.name || u?.phone || u?.account || '';
}
