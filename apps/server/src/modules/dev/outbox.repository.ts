import type { DB } from '../../db/database';

/** The latest SMS texts sent to a phone (development outbox). */
export const latestSms = (db: DB, phone: string) =>
  db.selectFrom('sms_outbox').selectAll().where('phone', '=', phone).orderBy('id', 'desc').limit(50).execute();
