import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// PostgreSQL: a GIN index of each order_search row's vendor-scoped character unigrams and bigrams
// (docs/decisions/131), so a keyword reads the postings of its own bigrams in its own vendor instead
// of scanning the vendor's search rows with ilike. Plain SQL functions, no extension: the index is an
// expression index, kept by PostgreSQL itself on every write of order_search, whoever writes.
// A key is '<vendor id>:<one or two characters of lower(body)>'; lower() is what ilike folds by, so a
// keyword's keys are in every text ilike finds it in. The ilike itself stays as the recheck.
// SQLite has its FTS5 index (decisions 103 and 130).
export async function up(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  await sql`create function order_search_keys(vendor integer, body text) returns text[] language sql immutable strict parallel safe as $$
    select array(select distinct vendor::text || ':' || k from (
      select substr(t, i, 2) as k from generate_series(1, length(t) - 1) i
      union all
      select substr(t, i, 1) from generate_series(1, length(t)) i) x)
    from (select lower(body) as t) s
  $$`.execute(db);
  // A keyword of one character is its unigram; a longer one, its bigrams.
  await sql`create function order_keyword_keys(vendor integer, keyword text) returns text[] language sql immutable strict parallel safe as $$
    select case when length(t) = 1 then array[vendor::text || ':' || t]
      else array(select distinct vendor::text || ':' || substr(t, i, 2) from generate_series(1, length(t) - 1) i) end
    from (select lower(keyword) as t) s
  $$`.execute(db);
  await sql`create index order_search_keys on order_search using gin (order_search_keys(vendor_id, body))`.execute(db);
  await sql`analyze order_search`.execute(db);
}

export async function down(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  await sql`drop index order_search_keys`.execute(db);
  await sql`drop function order_keyword_keys(integer, text)`.execute(db);
  await sql`drop function order_search_keys(integer, text)`.execute(db);
}
