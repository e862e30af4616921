import { sql, type Kysely } from 'kysely';

// Decision 271: a record's pay time is when it moved the balance. A confirmed top-up's was its
// submission; it becomes its confirmation (created_at keeps the submission). Pending and rejected
// top-ups are unsettled and keep theirs. Then coalesce(confirmed_at, pay_time) is pay_time for every
// settled record, and the (vendor_id, pay_time, id) index serves the statements: the expression index
// made for them goes.

export async function up(db: Kysely<any>) {
  await db
    .updateTable('account_records')
    .set({ pay_time: sql`confirmed_at` })
    .where('settled', '=', 1)
    .where('confirmed_at', 'is not', null)
    .execute();
  await sql`drop index if exists account_records_vendor_moved`.execute(db);
}

/** Confirmed top-ups read their submission (created_at) as pay time again, through the old index. */
export async function down(db: Kysely<any>) {
  await db
    .updateTable('account_records')
    .set({ pay_time: sql`created_at` })
    .where('settled', '=', 1)
    .where('confirmed_at', 'is not', null)
    .execute();
  await sql`create index account_records_vendor_moved on account_records (vendor_id, (coalesce(confirmed_at, pay_time)), id) where settled = 1`.execute(db);
}
