import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// PostgreSQL: each vendor's revision of its order_search rows (docs/decisions/208). Every insert,
// update or delete of a vendor's search row adds one to one of the vendor's 16 slots (the order's id
// mod 16, as order_counts, decision 145, so that concurrent writers of one vendor rarely wait on one
// row). The sum of a vendor's slots, read in the same statement as anything else, tells whether any
// of its search rows changed since another statement read the same sum: a process may then reuse what
// it counted of them. A row written again with the same text is not updated (migration
// 2026-12-16-010), so it does not move the revision.
// SQLite counts a keyword's matches in its FTS5 index (decision 103): nothing to keep there.
const SLOTS = 16;

export async function up(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  await sql`create table order_search_revisions (
    vendor_id integer not null, slot smallint not null, rev bigint not null,
    constraint order_search_revisions_pk primary key (vendor_id, slot))`.execute(db);
  const bump = (row: 'old' | 'new') => `insert into order_search_revisions (vendor_id, slot, rev) values (${row}.vendor_id, ${row}.order_id % ${SLOTS}, 1)
      on conflict (vendor_id, slot) do update set rev = order_search_revisions.rev + 1;`;
  await sql.raw(`create function order_search_revise() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${bump('old')} end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.vendor_id <> old.vendor_id) then ${bump('new')} end if;
        return null;
      end $$`).execute(db);
  await sql`create trigger order_search_revise after insert or update or delete on order_search for each row execute function order_search_revise()`.execute(db);
}

export async function down(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  await sql`drop trigger order_search_revise on order_search`.execute(db);
  await sql`drop function order_search_revise()`.execute(db);
  await sql`drop table order_search_revisions`.execute(db);
}
