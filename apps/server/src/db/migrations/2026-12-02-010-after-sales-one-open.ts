import { sql, type Kysely } from 'kysely';

// Decision 116: at most one open (applying 0 / processing 1) after-sales or compensation case per order,
// enforced by a partial unique index (the same statement on SQLite and PostgreSQL).

export async function up(db: Kysely<any>): Promise<void> {
  // Cases a concurrent apply may have duplicated before the index existed: every open case of an order
  // but its first is closed as withdrawn (a case the platform already took on, status 1, is kept first).
  await sql`
    update after_sales set status = 3, check_status = 3, finished_at = created_at
    where status = 0 and check_status = 0
      and exists (
        select 1 from after_sales b
        where b.order_id = after_sales.order_id and b.status in (0, 1) and b.id <> after_sales.id
          and (b.status = 1 or b.id < after_sales.id)
      )`.execute(db);
  await sql`create unique index after_sales_one_open_per_order on after_sales (order_id) where status in (0, 1)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index after_sales_one_open_per_order`.execute(db);
}
