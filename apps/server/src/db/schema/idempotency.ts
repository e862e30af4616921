import type { Generated } from 'kysely';

/** The first answer to a request that carried an Idempotency-Key (decision 127). */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  /** Whose key: `v<vendorId>` or `p<operatorId>`. */
  scope: string;
  idem_key: string;
  /** sha256 of method, path with query, and body: the same key with another request is refused. */
  fingerprint: string;
  /** null while the first request runs (the claim); then the answer's HTTP status. */
  status_code: number | null;
  content_type: string | null;
  body: string | null;
  created_at: string;
  /** When the running request claimed the key; a claim older than the lease may be taken over. */
  locked_at: string;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}
