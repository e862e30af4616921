import { sql, type Kysely } from 'kysely';

// Decision 297: how each webhook endpoint is doing, written with each attempt. ok_at: the last delivered
// attempt; failing_since: the first failed attempt since then (null: not failing); failed_at and
// last_failure: the last failed attempt and its reason; gave_up_at: when a delivery of this failure
// episode was given up and the merchant told (once an episode). The claim gives an endpoint with a
// record of delivering a place beyond its vendor's share and tries failing endpoints last.
// webhook_deliveries_leased holds only the rows being sent now: "is this endpoint busy" is one probe.

const COLUMNS = ['ok_at', 'failing_since', 'failed_at', 'last_failure', 'gave_up_at'] as const;

export async function up(db: Kysely<any>) {
  for (const c of COLUMNS) await db.schema.alterTable('webhook_endpoints').addColumn(c, c === 'last_failure' ? 'text' : 'varchar(30)').execute();
  await sql`create index webhook_deliveries_leased on webhook_deliveries (endpoint_id, lease_until) where status = 'pending' and lease_until > 0`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index webhook_deliveries_leased`.execute(db);
  for (const c of COLUMNS) await db.schema.alterTable('webhook_endpoints').dropColumn(c).execute();
}
