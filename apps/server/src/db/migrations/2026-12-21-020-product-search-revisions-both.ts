import { sql, type Kysely } from 'kysely';
import { dropSqliteSearchRevisions, isPostgres, sqliteSearchRevisions } from './helpers';

// Each vendor's revision of what a keyword over its product list reads (docs/decisions/208, 213), now
// kept with every match's id in list order: so a product's created_at (its place in the list) moves the
// revision too. PostgreSQL: migration 2026-12-19-020's function with created_at among the columns.
// SQLite: the same table and rule as PostgreSQL's, by triggers: every insert or delete of a product, and
// every update of its vendor, deletion, searched text or created_at, adds one to one of the vendor's 16
// slots (the product's id mod 16). A price or review change does not move it.
const SLOTS = 16;
const SEARCHED = ['vendor_id', 'deleted_at', 'model_name', 'category_name', 'category_name_one', 'category_name_two', 'created_at'];

async function pgFunction(db: Kysely<any>, columns: string[]) {
  const bump = (row: 'old' | 'new') => `insert into product_search_revisions (vendor_id, slot, rev) values (${row}.vendor_id, ${row}.id % ${SLOTS}, 1)
      on conflict (vendor_id, slot) do update set rev = product_search_revisions.rev + 1;`;
  const same = `(${columns.map((c) => `old.${c}`).join(', ')}) is not distinct from (${columns.map((c) => `new.${c}`).join(', ')})`;
  await sql.raw(`create or replace function product_search_revise() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and ${same} then return null; end if;
        if tg_op <> 'INSERT' then ${bump('old')} end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.vendor_id <> old.vendor_id) then ${bump('new')} end if;
        return null;
      end $$`).execute(db);
}

const REVISIONS = { revisions: 'product_search_revisions', table: 'products', id: 'id', watched: SEARCHED };

export async function up(db: Kysely<any>) {
  if (await isPostgres(db)) return pgFunction(db, SEARCHED);
  await sqliteSearchRevisions(db, REVISIONS);
}

export async function down(db: Kysely<any>) {
  if (await isPostgres(db)) return pgFunction(db, SEARCHED.slice(0, -1));
  await dropSqliteSearchRevisions(db, REVISIONS);
}
