import type { DB } from '../../db/database';

/** The site's reference data: configuration entries, agreements, notices. */

export const findConfig = (db: DB, key: string) => db.selectFrom('configs').select(['key', 'name', 'value']).where('key', '=', key).executeTakeFirst();

export const findAgreement = (db: DB, id: number) => db.selectFrom('agreements').selectAll().where('id', '=', id).executeTakeFirst();

export const listNotices = (db: DB) => db.selectFrom('notices').selectAll().orderBy('created_at', 'desc').execute();
