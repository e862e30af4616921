import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// PostgreSQL: each vendor's revision of what a keyword over its product list reads (docs/decisions/208),
// as order_search_revisions (migration 2026-12-19-010) for orders: every insert or delete of a product,
// and every update of its vendor, deletion or searched text (model and category names), adds one to one
// of the vendor's 16 slots (the product's id mod 16). A price or review change does not move it.
// SQLite counts a keyword's matches in its FTS5 index (decision 140): nothing to keep there.
const SLOTS = 16;
const SEARCHED = ['vendor_id', 'deleted_at', 'model_name', 'category_name', 'category_name_one', 'category_name_two'];

export async function up(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  await sql`create table product_search_revisions (
    vendor_id integer not null, slot smallint not null, rev bigint not null,
    constraint product_search_revisions_pk primary key (vendor_id, slot))`.execute(db);
  const bump = (row: 'old' | 'new') => `insert into product_search_revisions (vendor_id, slot, rev) values (${row}.vendor_id, ${row}.id % ${SLOTS}, 1)
      on conflict (vendor_id, slot) do update set rev = product_search_revisions.rev + 1;`;
  const same = `(${SEARCHED.map((c) => `old.${c}`).join(', ')}) is not distinct from (${SEARCHED.map((c) => `new.${c}`).join(', ')})`;
  await sql.raw(`create function product_search_revise() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and ${same} then return null; end if;
        if tg_op <> 'INSERT' then ${bump('old')} end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.vendor_id <> old.vendor_id) then ${bump('new')} end if;
        return null;
      end $$`).execute(db);
  await sql`create trigger product_search_revise after insert or update or delete on products for each row execute function product_search_revise()`.execute(db);
}

export async function down(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  await sql`drop trigger product_search_revise on products`.execute(db);
  await sql`drop function product_search_revise()`.execute(db);
  await sql`drop table product_search_revisions`.execute(db);
}
