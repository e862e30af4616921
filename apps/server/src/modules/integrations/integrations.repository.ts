import { sql } from 'kysely';
import type { DB, Tx } from '../../db/database';

// SQL of API keys, webhook endpoints and the webhook outbox (issue 18).

export const liveKeyCount = async (tx: Tx, vendorId: number) =>
  Number((await tx.selectFrom('api_keys').select((eb) => eb.fn.countAll<number>().as('n')).where('vendor_id', '=', vendorId).where('revoked_at', 'is', null).executeTakeFirstOrThrow()).n);

export const liveEndpointCount = async (tx: Tx, vendorId: number) =>
  Number((await tx.selectFrom('webhook_endpoints').select((eb) => eb.fn.countAll<number>().as('n')).where('vendor_id', '=', vendorId).where('removed_at', 'is', null).executeTakeFirstOrThrow()).n);

/** Serialises a vendor's limited inserts: on PostgreSQL a row lock; SQLite transactions already hold the write lock. */
export async function lockVendor(tx: Tx, vendorId: number, pg: boolean) {
  if (pg) await sql`select id from vendors where id = ${vendorId} for update`.execute(tx);
}

export const listKeys = (db: DB, vendorId: number) =>
  db.selectFrom('api_keys').select(['id', 'key_id', 'name', 'created_at', 'last_used_at', 'last_used_ip']).where('vendor_id', '=', vendorId).where('revoked_at', 'is', null).orderBy('id', 'desc').execute();

export const insertKey = (tx: Tx, row: { vendor_id: number; key_id: string; name: string; secret_hash: string; created_by: number; created_at: string }) =>
  tx.insertInto('api_keys').values(row).returning('id').executeTakeFirstOrThrow();

export async function revokeKey(db: DB, vendorId: number, id: number, now: string) {
  const r = await db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('vendor_id', '=', vendorId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export const listEndpoints = (db: DB, vendorId: number) =>
  db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'events', 'secret', 'created_at', 'updated_at', 'ok_at', 'failing_since', 'failed_at', 'last_failure', 'gave_up_at'])
    .where('vendor_id', '=', vendorId)
    .where('removed_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();

export const findEndpoint = (db: DB | Tx, vendorId: number, id: number) =>
  db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('vendor_id', '=', vendorId).where('removed_at', 'is', null).executeTakeFirst();

export const insertEndpoint = (tx: Tx, row: { vendor_id: number; url: string; secret: string; events: string; created_at: string; updated_at: string }) =>
  tx.insertInto('webhook_endpoints').values(row).returning('id').executeTakeFirstOrThrow();

/** A new address starts without the old one's record (decision 297). */
const FRESH_HEALTH = { ok_at: null, failing_since: null, failed_at: null, last_failure: null, gave_up_at: null };

export async function updateEndpoint(db: DB, vendorId: number, id: number, set: { url: string; events: string; updated_at: string }, urlChanged: boolean) {
  const r = await db
    .updateTable('webhook_endpoints')
    .set(urlChanged ? { ...set, ...FRESH_HEALTH } : set)
    .where('id', '=', id)
    .where('vendor_id', '=', vendorId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Removes the endpoint; its pending deliveries end as failed (nobody to send them to), `reason` their last error. */
export async function removeEndpoint(db: DB, vendorId: number, id: number, now: string, reason: string) {
  return db.transaction().execute(async (tx) => {
    const r = await tx.updateTable('webhook_endpoints').set({ removed_at: now }).where('id', '=', id).where('vendor_id', '=', vendorId).where('removed_at', 'is', null).executeTakeFirst();
    if (!Number(r.numUpdatedRows)) return false;
    await tx.updateTable('webhook_deliveries').set({ status: 'failed', last_error: reason, done_at: now }).where('endpoint_id', '=', id).where('status', '=', 'pending').execute();
    return true;
  });
}

/** The outbox listener's one lookup: the vendor's live endpoints (partial index on vendor_id). */
export const liveEndpointsOf = (tx: Tx, vendorId: number) =>
  tx.selectFrom('webhook_endpoints').select(['id', 'events']).where('vendor_id', '=', vendorId).where('removed_at', 'is', null).execute();

/** The order as the event tells it, and the node of its log line before the one just written. */
export async function orderForEvent(tx: Tx, orderId: number) {
  const r = await sql<{ order_no: string; status: number; prev_node: number | null }>`
    select o.order_no, o.status,
      (select r.node from order_operate_records r where r.order_id = o.id order by r.id desc limit 1 offset 1) as prev_node
    from orders o where o.id = ${orderId}`.execute(tx);
  return r.rows[0];
}

export interface NewDelivery {
  vendor_id: number;
  endpoint_id: number;
  message_id: string;
  event_type: string;
  payload: string;
  status: 'pending';
  next_at: number;
  retry_until: number;
  created_at: string;
}
export const insertDeliveries = (tx: Tx | DB, rows: NewDelivery[]) => tx.insertInto('webhook_deliveries').values(rows).returning('id').execute();

export async function deliveriesPage(db: DB, vendorId: number, endpointId: number, pageNum: number, pageSize: number) {
  const base = db.selectFrom('webhook_deliveries').where('endpoint_id', '=', endpointId).where('vendor_id', '=', vendorId);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute(),
  ]);
  const attempts = rows.length
    ? await db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', rows.map((r) => r.id)).orderBy('id').execute()
    : [];
  return { total: Number(total), rows, attempts };
}

/** Manual redelivery: pending again now, with a fresh 24-hour retry window. */
export async function requeueDelivery(db: DB, vendorId: number, id: number, nowMs: number) {
  const r = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_at: nowMs, retry_until: nowMs + 24 * 3600_000, done_at: null })
    .where('id', '=', id)
    .where('vendor_id', '=', vendorId)
    .where('status', '!=', 'pending')
    .where('endpoint_id', 'in', (eb) => eb.selectFrom('webhook_endpoints').select('id').where('vendor_id', '=', vendorId).where('removed_at', 'is', null))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The vendor's delivery of a live endpoint, when it is pending (a redelivery it refused, decision 297). */
export const isPendingDelivery = async (db: DB, vendorId: number, id: number) =>
  !!(await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('id', '=', id)
    .where('vendor_id', '=', vendorId)
    .where('status', '=', 'pending')
    .where('endpoint_id', 'in', (eb) => eb.selectFrom('webhook_endpoints').select('id').where('vendor_id', '=', vendorId).where('removed_at', 'is', null))
    .executeTakeFirst());

export interface ClaimedDelivery {
  id: number;
  vendor_id: number;
  endpoint_id: number;
  message_id: string;
  payload: string;
  attempts: number;
  retry_until: number;
}

/** Vendors this process may not claim for: at their share (only endpoints with a record of delivering), or past it (none). */
export interface ClaimLimits {
  fullVendors: number[];
  atShareVendors: number[];
  /** endpoints this process is sending to */
  busyEndpoints: number[];
}

/**
 * Claims the next due delivery for `holder` until `leaseUntil`, in one statement (decisions 170, 224,
 * 297): of several workers asking at once each row goes to one (PostgreSQL: SKIP LOCKED; SQLite: one
 * writer). It passes over endpoints being sent to by any process (their lease runs: an endpoint's events
 * go one after another), the vendors of `fullVendors`, and those of `atShareVendors` but for endpoints
 * whose last attempt delivered; of the rest it takes the endpoints that are not failing first, then the
 * oldest due. A worker killed mid-send leaves its row leased; it is due again when the lease ends.
 * `id = (…)`, a scalar subquery, is evaluated once: PostgreSQL may run an `id in (… limit 1 for update
 * skip locked)` semi-join more than once and lease more rows than it returns to one caller.
 */
export async function claimDelivery(db: DB, pg: boolean, holder: string, nowMs: number, leaseUntil: number, limits: ClaimLimits): Promise<ClaimedDelivery | null> {
  const lock = pg ? sql` for update skip locked` : sql``;
  const { fullVendors, atShareVendors, busyEndpoints } = limits;
  const notFull = fullVendors.length ? sql` and d.vendor_id not in (${sql.join(fullVendors)})` : sql``;
  const atShare = atShareVendors.length
    ? sql` and (d.vendor_id not in (${sql.join(atShareVendors)}) or exists (select 1 from webhook_endpoints h where h.id = d.endpoint_id and h.ok_at is not null and h.failing_since is null))`
    : sql``;
  const notBusy = busyEndpoints.length ? sql` and d.endpoint_id not in (${sql.join(busyEndpoints)})` : sql``;
  const r = await sql<ClaimedDelivery>`
    update webhook_deliveries set lease_until = ${leaseUntil}, leased_by = ${holder}, attempts = attempts + 1
    where status = 'pending' and lease_until <= ${nowMs} and id = (
      select d.id from webhook_deliveries d
      where d.status = 'pending' and d.next_at <= ${nowMs} and d.lease_until <= ${nowMs}${notFull}${atShare}${notBusy}
        and not exists (select 1 from webhook_deliveries b where b.endpoint_id = d.endpoint_id and b.status = 'pending' and b.lease_until > 0 and b.lease_until > ${nowMs})
      order by (select case when f.failing_since is null then 0 else 1 end from webhook_endpoints f where f.id = d.endpoint_id), d.next_at, d.id
      limit 1${lock})
    returning id, vendor_id, endpoint_id, message_id, payload, attempts, retry_until`.execute(db);
  const x = r.rows[0];
  return x
    ? { ...x, id: Number(x.id), vendor_id: Number(x.vendor_id), endpoint_id: Number(x.endpoint_id), attempts: Number(x.attempts), retry_until: Number(x.retry_until) }
    : null;
}

export const endpointForDelivery = (db: DB, id: number) =>
  db.selectFrom('webhook_endpoints').select(['id', 'vendor_id', 'url', 'secret', 'removed_at']).where('id', '=', id).executeTakeFirst();

/** Records one attempt's outcome, only while `holder` still holds the row; answers whether it did. */
export async function finishAttempt(
  tx: Tx,
  d: { id: number; holder: string },
  outcome: { status: 'delivered' | 'failed' | 'pending'; statusCode: number | null; error: string | null; nextAt: number; durationMs: number; now: string },
) {
  const r = await tx
    .updateTable('webhook_deliveries')
    .set({
      status: outcome.status,
      last_status: outcome.statusCode,
      last_error: outcome.error,
      next_at: outcome.nextAt,
      lease_until: 0,
      leased_by: null,
      done_at: outcome.status === 'pending' ? null : outcome.now,
    })
    .where('id', '=', d.id)
    .where('leased_by', '=', d.holder)
    .executeTakeFirst();
  await tx.insertInto('webhook_attempts').values({ delivery_id: d.id, status_code: outcome.statusCode, error: outcome.error, duration_ms: outcome.durationMs, created_at: outcome.now }).execute();
  return Number(r.numUpdatedRows) > 0;
}

/** The endpoint's record after an attempt: delivered ends its failure episode, a failure starts or extends one. */
export async function recordEndpointOutcome(tx: Tx, endpointId: number, now: string, failure: string | null) {
  await tx
    .updateTable('webhook_endpoints')
    .set(
      failure === null
        ? { ok_at: now, failing_since: null, gave_up_at: null }
        : (eb) => ({ failed_at: now, last_failure: failure, failing_since: eb.fn.coalesce('failing_since', eb.val(now)) }),
    )
    .where('id', '=', endpointId)
    .execute();
}

/** Marks the failure episode given up; true only for the first delivery given up in it (the merchant is told once). */
export async function markGaveUp(tx: Tx, endpointId: number, now: string) {
  const r = await tx.updateTable('webhook_endpoints').set({ gave_up_at: now }).where('id', '=', endpointId).where('gave_up_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
