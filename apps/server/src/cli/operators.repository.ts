import type { DB } from '../db/database';

/** Inserts a platform operator; its id, or undefined when the account name is taken (ON CONFLICT DO NOTHING). */
export const insertOperator = (db: DB, o: { account: string; name: string; password_hash: string; created_at: string }) =>
  db
    .insertInto('operators')
    .values(o)
    .onConflict((oc) => oc.column('account').doNothing())
    .returning('id')
    .executeTakeFirst();
