import { sql } from 'kysely';
import type { DB, Tx } from '../../db/database';

// SMS codes and the per-phone send counter (sms-code.service.ts, decision 112).

/**
 * Claims one send for the phone in one statement: the counter row created, or updated only when the
 * last send is at or before `intervalStart` and the count of `day` is under `dailyCap`. Answers false
 * when refused.
 */
export async function claimSmsSend(db: DB, phone: string, day: string, now: string, intervalStart: string, dailyCap: number) {
  const claimed = await db
    .insertInto('sms_send_limits')
    .values({ phone, day, day_count: 1, last_sent_at: now })
    .onConflict((oc) =>
      oc
        .column('phone')
        .doUpdateSet({
          day_count: sql<number>`case when sms_send_limits.day = excluded.day then sms_send_limits.day_count + 1 else 1 end`,
          day: sql<string>`excluded.day`,
          last_sent_at: sql<string>`excluded.last_sent_at`,
        })
        .where('sms_send_limits.last_sent_at', '<=', intervalStart)
        .where((eb) => eb.or([eb('sms_send_limits.day', '<>', day), eb('sms_send_limits.day_count', '<', dailyCap)])),
    )
    .returning('day_count')
    .executeTakeFirst();
  return !!claimed;
}

export const findSmsSendLimit = (db: DB, phone: string) => db.selectFrom('sms_send_limits').select(['last_sent_at']).where('phone', '=', phone).executeTakeFirst();

/** A new code, replacing the phone's older unused ones of the same purpose, in one transaction. */
export async function replaceSmsCode(db: DB, v: { phone: string; type: string; code: string; now: string; expiresAt: string }) {
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('sms_codes').set({ used: 1 }).where('phone', '=', v.phone).where('type', '=', v.type).where('used', '=', 0).execute();
    await tx.insertInto('sms_codes').values({ phone: v.phone, type: v.type, code: v.code, created_at: v.now, expires_at: v.expiresAt }).execute();
  });
}

/** The id of the latest unused code of that purpose. */
export const findLatestSmsCode = (db: DB, phone: string, type: string) =>
  db
    .selectFrom('sms_codes')
    .select('id')
    .where('phone', '=', phone)
    .where('type', '=', type)
    .where('used', '=', 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** One attempt claimed on an unused, unexpired code under `maxAttempts`: answers its code and count, or undefined. */
export const claimSmsAttempt = (db: DB, id: number, maxAttempts: number, now: string) =>
  db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('used', '=', 0)
    .where('attempts', '<', maxAttempts)
    .where('expires_at', '>', now)
    .returning(['code', 'attempts'])
    .executeTakeFirst();

/** Marks an unused code used; answers false when it already was. */
export const markSmsCodeUsed = async (db: DB | Tx, id: number) =>
  !!(await db.updateTable('sms_codes').set({ used: 1 }).where('id', '=', id).where('used', '=', 0).returning('id').executeTakeFirst());
