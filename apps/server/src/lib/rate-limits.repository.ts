import { sql } from 'kysely';
import type { DB } from '../db/database';

/**
 * Counts one hit of `key` in its window, in one atomic statement on SQLite and PostgreSQL (an upsert
 * on the key): a window that has ended starts again at 1. Answers the count so far and the ms left.
 */
export async function hitRateLimit(db: DB, key: string, windowMs: number, now = Date.now()) {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, reset_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
        reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end`,
      }),
    )
    .returning(['hits', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { current: Number(row.hits), ttl: Math.max(0, Number(row.reset_at) - now) };
}

/** The count of `key` in its current window without counting a hit (0 when its window has ended). */
export async function peekRateLimit(db: DB, key: string, now = Date.now()) {
  const row = await db.selectFrom('rate_limits').select(['hits', 'reset_at']).where('key', '=', key).where('reset_at', '>', now).executeTakeFirst();
  return row ? { current: Number(row.hits), ttl: Math.max(0, Number(row.reset_at) - now) } : { current: 0, ttl: 0 };
}
