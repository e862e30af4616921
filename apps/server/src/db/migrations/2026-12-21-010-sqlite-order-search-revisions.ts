import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// SQLite: each vendor's revision of its order_search rows, as PostgreSQL has had since migration
// 2026-12-19-010 (docs/decisions/213). Every insert or delete of a vendor's search row, and every update
// that changes what its keyword index holds (the same condition as order_grams' update trigger,
// migration 2026-12-07-010), adds one to one of the vendor's 16 slots (the order's id mod 16). The sum of
// a vendor's slots, read in the same statement as a keyword's matches, tells whether any of its search
// rows changed since another statement read the same sum.
const SLOTS = 16;

const bump = (row: 'old' | 'new') => `insert into order_search_revisions (vendor_id, slot, rev) values (${row}.vendor_id, ${row}.order_id % ${SLOTS}, 1)
    on conflict (vendor_id, slot) do update set rev = rev + 1;`;

export async function up(db: Kysely<any>) {
  if (await isPostgres(db)) return;
  await sql`create table order_search_revisions (
    vendor_id integer not null, slot integer not null, rev integer not null,
    primary key (vendor_id, slot)) without rowid`.execute(db);
  await sql.raw(`insert into order_search_revisions (vendor_id, slot, rev)
    select vendor_id, order_id % ${SLOTS}, count(*) from order_search group by vendor_id, order_id % ${SLOTS}`).execute(db);
  await sql.raw(`create trigger order_search_revise_insert after insert on order_search begin ${bump('new')} end`).execute(db);
  await sql.raw(`create trigger order_search_revise_update after update on order_search
    when old.body is not new.body or old.vendor_id is not new.vendor_id or old.created_at is not new.created_at or old.order_id is not new.order_id
    begin ${bump('old')} end`).execute(db);
  await sql.raw(`create trigger order_search_revise_move after update of vendor_id on order_search when old.vendor_id is not new.vendor_id
    begin ${bump('new')} end`).execute(db);
  await sql.raw(`create trigger order_search_revise_delete after delete on order_search begin ${bump('old')} end`).execute(db);
}

export async function down(db: Kysely<any>) {
  if (await isPostgres(db)) return;
  for (const t of ['order_search_revise_insert', 'order_search_revise_update', 'order_search_revise_move', 'order_search_revise_delete']) await sql`drop trigger ${sql.ref(t)}`.execute(db);
  await sql`drop table order_search_revisions`.execute(db);
}
