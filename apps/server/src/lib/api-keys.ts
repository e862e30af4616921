import { createHash, createHmac, randomBytes } from 'node:crypto';
import { API_KEY_CAPABILITIES } from '@portal/domain/api-key-capabilities';
import type { DB } from '../db/database';
import { setApiKeyLastUsed } from './api-keys.repository';

// Open API keys (issue 18, decision 168). A key is a public id `ak_…` and a secret `sk_…` that the
// server DERIVES from the id with its own key (HMAC-SHA256(master, keyId)): the database keeps only the
// secret's SHA-256, yet the server can recompute the secret to check a request's HMAC signature. A
// database leak alone signs nothing; changing the master key (OPENAPI_KEY_SECRET) voids every key.

/** The routes a key reaches, as the main account (Fastify route URLs): the shared capability list. */
export const API_KEY_ROUTES: ReadonlySet<string> = new Set(API_KEY_CAPABILITIES.flatMap((c) => c.routes));

/** The master key: OPENAPI_KEY_SECRET, or one derived from FILE_URL_SECRET (server-only as well). */
export function apiKeyMaster(config: { OPENAPI_KEY_SECRET: string; FILE_URL_SECRET: string }): string {
  return config.OPENAPI_KEY_SECRET || createHmac('sha256', config.FILE_URL_SECRET).update('openapi-keys').digest('hex');
}

export const newKeyId = () => `ak_${randomBytes(12).toString('hex')}`;
export const deriveApiSecret = (master: string, keyId: string) => `sk_${createHmac('sha256', master).update(`openapi-key:${keyId}`).digest('base64url')}`;
export const secretHashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Records the key's last use at most once a minute (a write per call would queue behind orders on SQLite). */
export async function touchApiKey(db: DB, id: number, lastUsedAt: string | null, now: string, ip: string) {
  if (lastUsedAt && Date.parse(now) - Date.parse(lastUsedAt) < 60_000) return;
  await setApiKeyLastUsed(db, id, now, ip.slice(0, 64));
}
