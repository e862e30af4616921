import type { Kysely } from 'kysely';
import { createOrderCounts, dropOrderCounts } from './order-counts-table';

// How many orders each vendor has, per creator and status, kept by triggers (docs/decisions/101):
// the list's total without a status filter or with statuses only, the home tiles and the platform's
// published count read these few rows instead of counting the orders (100,000 for a big vendor).
export async function up(db: Kysely<any>) {
  await createOrderCounts(db, ['vendor_id', 'created_by', 'status']);
}

export async function down(db: Kysely<any>) {
  await dropOrderCounts(db);
}
