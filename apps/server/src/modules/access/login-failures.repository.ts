import { sql } from 'kysely';
import type { DB, Tx } from '../../db/database';

// Counters of failed password attempts (lockout.ts, decisions 112 and 113): one row per login name and
// client address, and one per name for every address.

/**
 * Claims one attempt in one statement: the row created, or counted while under `limit` (or restarted
 * after a quiet window, when its last failure is at or before `windowStart`). Answers the count, or
 * null when refused.
 */
export async function claimAttempt(db: DB | Tx, subject: string, source: string, limit: number | null, now: string, windowStart: string) {
  const row = await db
    .insertInto('login_failures')
    .values({ subject, source, failures: 1, last_at: now })
    .onConflict((oc) => {
      const update = oc.columns(['subject', 'source']).doUpdateSet({
        failures: sql<number>`case when login_failures.last_at <= ${windowStart} then 1 else login_failures.failures + 1 end`,
        last_at: sql<string>`excluded.last_at`,
      });
      return limit === null ? update : update.where((eb) => eb.or([eb('login_failures.failures', '<', limit), eb('login_failures.last_at', '<=', windowStart)]));
    })
    .returning('failures')
    .executeTakeFirst();
  return row?.failures ?? null;
}

export const findFailures = (db: DB, subject: string, source: string) =>
  db.selectFrom('login_failures').select(['failures', 'last_at']).where('subject', '=', subject).where('source', '=', source).executeTakeFirst();

/** Deletes the name's counts of these addresses. */
export const deleteFailures = (db: DB | Tx, subject: string, sources: string[]) =>
  db.deleteFrom('login_failures').where('subject', '=', subject).where('source', 'in', sources).execute();

export const deleteAllFailures = (db: DB | Tx, subject: string) => db.deleteFrom('login_failures').where('subject', '=', subject).execute();
