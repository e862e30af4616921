import type { Kysely } from 'kysely';
import { up as createCustomerReschedules } from './2026-12-28-020-customer-reschedule';

// The customer's reschedule requests live in appointment_reschedules (source customer) since
// 2026-12-29-070 copied them there; nothing reads or writes customer_reschedules any more.
export async function up(db: Kysely<any>) {
  await db.schema.dropTable('customer_reschedules').ifExists().execute();
}

/** The table as 2026-12-28-020 made it, empty: its rows stay in appointment_reschedules. */
export async function down(db: Kysely<any>) {
  await createCustomerReschedules(db);
}
