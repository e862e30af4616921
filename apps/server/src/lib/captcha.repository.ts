import type { DB } from '../db/database';

// Graphic captchas (lib/captcha.ts): single use, expired rows removed by the purge (db/purge.ts).

export const insertCaptcha = (db: DB, v: { uuid: string; text: string; expiresAt: string }) =>
  db.insertInto('captchas').values({ uuid: v.uuid, text: v.text, expires_at: v.expiresAt }).execute();

/** Deletes the captcha and answers what it held (undefined: no such captcha). */
export const takeCaptcha = (db: DB, uuid: string) => db.deleteFrom('captchas').where('uuid', '=', uuid).returning(['text', 'expires_at']).executeTakeFirst();

/** An unexpired captcha's text, without using it (the development outbox). */
export const findLiveCaptcha = (db: DB, uuid: string, now: string) =>
  db.selectFrom('captchas').select('text').where('uuid', '=', uuid).where('expires_at', '>', now).executeTakeFirst();
