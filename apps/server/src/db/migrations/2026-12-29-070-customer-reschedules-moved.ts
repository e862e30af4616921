import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// Decision 268 → issue 46: the customer's reschedule requests become appointment_reschedules rows
// with source customer. The rows of customer_reschedules (pending ones, and the answered ones the
// merchant's card lists) are copied; the old table stays unused until a later migration drops it.
// A database made fresh has no customer_reschedules yet at this point (it is made by a migration
// named after this one), so there is nothing to copy.
export async function up(db: Kysely<any>) {
  const present = (await isPostgres(db))
    ? (await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema() and table_name = 'customer_reschedules'`.execute(db)).rows[0]?.n
    : (await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = 'customer_reschedules'`.execute(db)).rows[0]?.n;
  if (!Number(present)) return;
  await sql`insert into appointment_reschedules (order_id, vendor_id, source, wish_date, wish_slot, reason, requested_by, requester, state, created_at, done_at)
    select order_id, vendor_id, 'customer', wish_date, wish_slot, reason, null, '客户', state, created_at, done_at from customer_reschedules order by id`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`delete from appointment_reschedules where source = 'customer'`.execute(db);
}
