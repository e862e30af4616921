import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// PostgreSQL: order_counts (docs/decisions/101, 107) spread over 16 slots per vendor, creator, status
// and node, the slot being the order's id mod 16 (docs/decisions/145). Every order a vendor's account
// created or paid at the same moment updated the same count row, and PostgreSQL's row lock, held to
// the end of each transaction, made concurrent creations and payments of one vendor wait in line
// (create + pay: 94 orders/s, 32 ms a statement waiting). Readers sum the rows as before.
// SQLite has one writer at a time, so nothing waits there: unchanged.
const SLOTS = 16;

const fn = (slot: string | null) => {
  const key = slot === null ? '' : ', slot';
  const add = (row: 'new' | 'old', by: 1 | -1) =>
    `insert into order_counts (vendor_id, created_by, status, node${key}, n) values (${row}.vendor_id, ${row}.created_by, ${row}.status, ${row}.node${slot === null ? '' : `, ${row}.${slot}`}, ${by})
      on conflict (vendor_id, created_by, status, node${key}) do update set n = order_counts.n + ${by};`;
  return sql.raw(`create or replace function orders_count() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${add('old', -1)} end if;
        if tg_op <> 'DELETE' then ${add('new', 1)} end if;
        return null;
      end $$`);
};

export async function up(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  await sql`alter table order_counts add column slot smallint not null default 0`.execute(db);
  await sql`alter table order_counts drop constraint order_counts_pk`.execute(db);
  await sql`alter table order_counts add constraint order_counts_pk primary key (vendor_id, created_by, status, node, slot)`.execute(db);
  // The row's id mod 16: "new.id % 16" written as a column expression of the trigger's row.
  await fn(`id % ${SLOTS}`).execute(db);
}

export async function down(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  await sql`create temporary table order_counts_folded as select vendor_id, created_by, status, node, sum(n)::integer as n from order_counts group by vendor_id, created_by, status, node`.execute(db);
  await sql`delete from order_counts`.execute(db);
  await sql`alter table order_counts drop constraint order_counts_pk`.execute(db);
  await sql`alter table order_counts drop column slot`.execute(db);
  await sql`alter table order_counts add constraint order_counts_pk primary key (vendor_id, created_by, status, node)`.execute(db);
  await sql`insert into order_counts (vendor_id, created_by, status, node, n) select vendor_id, created_by, status, node, n from order_counts_folded`.execute(db);
  await sql`drop table order_counts_folded`.execute(db);
  await fn(null).execute(db);
}
