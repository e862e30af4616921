import type { DB } from '../db/database';

// SQL of the Idempotency-Key store (plugins/idempotency.ts, decision 127).

export interface KeyRef {
  scope: string;
  key: string;
}

/** Claim a key: one insert under the unique (scope, key); the id when this request won it, else null. */
export async function claimKey(db: DB, ref: KeyRef, fingerprint: string, now: string): Promise<number | null> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({ scope: ref.scope, idem_key: ref.key, fingerprint, created_at: now, locked_at: now })
    .onConflict((oc) => oc.columns(['scope', 'idem_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export const findKey = (db: DB, ref: KeyRef) =>
  db
    .selectFrom('idempotency_keys')
    .select(['id', 'fingerprint', 'status_code', 'content_type', 'body', 'created_at', 'locked_at'])
    .where('scope', '=', ref.scope)
    .where('idem_key', '=', ref.key)
    .executeTakeFirst();

/** Take over a claim whose request has not answered within the lease (its process died): true when won. */
export async function takeOverClaim(db: DB, id: number, lockedAtWas: string, now: string): Promise<boolean> {
  const row = await db
    .updateTable('idempotency_keys')
    .set({ locked_at: now })
    .where('id', '=', id)
    .where('status_code', 'is', null)
    .where('locked_at', '=', lockedAtWas)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Remove a row past its 24 hours (only that row, only if still the same one). */
export async function dropExpiredKey(db: DB, id: number, createdAt: string) {
  await db.deleteFrom('idempotency_keys').where('id', '=', id).where('created_at', '=', createdAt).execute();
}

/** The first answer, kept for replays. */
export async function storeAnswer(db: DB, id: number, statusCode: number, contentType: string, body: string) {
  await db.updateTable('idempotency_keys').set({ status_code: statusCode, content_type: contentType, body }).where('id', '=', id).execute();
}

/** Give a claimed key back (the request failed with a server error): a retry may run again. */
export async function releaseKey(db: DB, id: number) {
  await db.deleteFrom('idempotency_keys').where('id', '=', id).where('status_code', 'is', null).execute();
}

/**
 * Bounded purge: deletes at most `limit` keys created before `beforeIso` (oldest first, by the
 * created_at index); answers how many went. Call it until it answers less than `limit`.
 */
export async function purgeIdempotencyKeys(db: DB, beforeIso: string, limit = 1000): Promise<number> {
  const r = await db
    .deleteFrom('idempotency_keys')
    .where('id', 'in', (qb) => qb.selectFrom('idempotency_keys').select('id').where('created_at', '<', beforeIso).orderBy('created_at').limit(limit))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
