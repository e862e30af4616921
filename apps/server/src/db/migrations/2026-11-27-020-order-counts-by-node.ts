import type { Kysely } from 'kysely';
import { createOrderCounts, dropOrderCounts } from './order-counts-table';

// order_counts (docs/decisions/101) kept per node as well as per status (docs/decisions/107), so a
// list filtered by statuses and nodes, such as the pending shortcut (status in … or node in …), takes
// its total from these rows instead of counting the vendor's orders.
export async function up(db: Kysely<any>) {
  await dropOrderCounts(db);
  await createOrderCounts(db, ['vendor_id', 'created_by', 'status', 'node']);
}

export async function down(db: Kysely<any>) {
  await dropOrderCounts(db);
  await createOrderCounts(db, ['vendor_id', 'created_by', 'status']);
}
