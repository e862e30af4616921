import type { DB } from '../db/database';

// SQL of the signed-write replay guard (plugins/signature.ts, decision 225).

/** Claims a write's signature: true when this call is its first use (one insert under the primary key). */
export async function claimSignature(db: DB, signature: string, expiresAt: string): Promise<boolean> {
  const row = await db
    .insertInto('signature_uses')
    .values({ signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return row !== undefined;
}
