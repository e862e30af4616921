import type { DB } from '../db/database';

/** The fields a vendor user is named by (lib/user-names.ts). */
export const findUserNameFields = (db: DB, userId: number) => db.selectFrom('users').select(['name', 'phone', 'account']).where('id', '=', userId).executeTakeFirst();
