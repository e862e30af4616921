import { sql } from 'kysely';
import type { DB } from '../db/database';

// SQL of the open API keys (lib/api-keys.ts, issue 18, decision 168).

/** A live key (not revoked, vendor open) and its vendor's main account; one query. */
export async function findApiKey(db: DB, keyId: string) {
  const r = await sql<{ id: number; vendor_id: number; secret_hash: string; user_id: number | null; last_used_at: string | null; name: string | null; account: string | null; phone: string | null }>`
    select k.id, k.vendor_id, k.secret_hash, k.last_used_at, u.id as user_id, u.name, u.account, u.phone
    from api_keys k
    join vendors v on v.id = k.vendor_id and v.closed_at is null
    left join users u on u.id = (select m.id from users m where m.vendor_id = k.vendor_id and m.is_sub = 0 and m.deleted_at is null order by m.id limit 1)
    where k.key_id = ${keyId} and k.revoked_at is null`.execute(db);
  return r.rows[0];
}

/** Sets the key's last use (time and caller's address). */
export const setApiKeyLastUsed = (db: DB, id: number, now: string, ip: string) =>
  db.updateTable('api_keys').set({ last_used_at: now, last_used_ip: ip }).where('id', '=', id).execute();
