import type { Generated } from 'kysely';

/** A vendor's open API key (decision 168); the secret itself is never stored. */
export interface ApiKeysTable {
  id: Generated<number>;
  vendor_id: number;
  key_id: string;
  name: Generated<string>;
  /** hex SHA-256 of the secret handed out once. */
  secret_hash: string;
  created_by: number;
  created_at: string;
  last_used_at: string | null;
  last_used_ip: string | null;
  revoked_at: string | null;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  vendor_id: number;
  url: string;
  /** whsec_<base64>: the receiver needs it to verify signatures, so it is kept (decision 169). */
  secret: string;
  /** ",type1,type2," */
  events: string;
  created_at: string;
  updated_at: string;
  removed_at: string | null;
  /** How its deliveries go (decision 297): the last delivered attempt, the failure episode, its last reason. */
  ok_at: string | null;
  failing_since: string | null;
  failed_at: string | null;
  last_failure: string | null;
  /** A delivery of the current failure episode was given up and the merchant told. */
  gave_up_at: string | null;
}

/** The webhook outbox (decision 170): one row per event and endpoint. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  vendor_id: number;
  endpoint_id: number;
  message_id: string;
  event_type: string;
  payload: string;
  status: string;
  attempts: Generated<number>;
  next_at: number;
  retry_until: number;
  lease_until: Generated<number>;
  leased_by: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  done_at: string | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  created_at: string;
}

export interface IntegrationTables {
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}
