import type { DB } from '../database';
import { accountName } from '../../lib/account-name';

/** The name a demo user's order log lines carry, as a signed-in principal would have it. */
export async function demoUserName(db: DB, userId: number): Promise<string> {
  return accountName(await db.selectFrom('users').select(['name', 'account', 'phone']).where('id', '=', userId).executeTakeFirst());
}
