import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './helpers';

// Open API keys and webhooks (issue 18, decisions 168–172).
// api_keys: a vendor's server-to-server keys; the secret is never stored, only its SHA-256 (it is
// derived from the server's key, decision 168). webhook_endpoints: where a vendor wants events.
// webhook_deliveries: the outbox — one row per (event, endpoint), written in the transaction of the
// change, claimed by a worker with a lease (decision 170). webhook_attempts: each HTTP attempt.
export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);
  const big = pg ? 'bigint' : 'integer';
  await withId(db.schema.createTable('api_keys'), pg)
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('last_used_ip', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await sql`create index api_keys_vendor on api_keys (vendor_id)`.execute(db);

  await withId(db.schema.createTable('webhook_endpoints'), pg)
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    /** Comma-separated event types, e.g. ",order.node_changed,wallet.moved," (leading and trailing comma). */
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .execute();
  // The outbox listener's one lookup per transaction: the vendor's live endpoints.
  await sql`create index webhook_endpoints_vendor on webhook_endpoints (vendor_id) where removed_at is null`.execute(db);

  await withId(db.schema.createTable('webhook_deliveries'), pg)
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('endpoint_id', 'integer', (c) => c.notNull())
    /** The event's id (webhook-id): the same for every endpoint and every attempt of the event. */
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    /** pending | delivered | failed */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** Epoch ms of the next attempt (pending rows). */
    .addColumn('next_at', big, (c) => c.notNull())
    /** Epoch ms after which a failed attempt is not retried (24 h after the event or a manual redelivery). */
    .addColumn('retry_until', big, (c) => c.notNull())
    /** Epoch ms until which a worker holds the row; 0 free. */
    .addColumn('lease_until', big, (c) => c.notNull().defaultTo(0))
    .addColumn('leased_by', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .execute();
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_at) where status = 'pending'`.execute(db);
  await sql`create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, id)`.execute(db);
  await sql`create index webhook_deliveries_done on webhook_deliveries (done_at) where done_at is not null`.execute(db);

  await withId(db.schema.createTable('webhook_attempts'), pg)
    .addColumn('delivery_id', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create index webhook_attempts_delivery on webhook_attempts (delivery_id)`.execute(db);
  await sql`create index webhook_attempts_created on webhook_attempts (created_at)`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const t of ['webhook_attempts', 'webhook_deliveries', 'webhook_endpoints', 'api_keys']) await db.schema.dropTable(t).execute();
}
