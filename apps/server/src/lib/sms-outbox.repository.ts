import type { DB } from '../db/database';

/** Keeps a sent text in the development outbox (lib/sms.ts's log driver outside production). */
export const insertOutboxText = (db: DB, phone: string, content: string, now: string) => db.insertInto('sms_outbox').values({ phone, content, created_at: now }).execute();
