import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// SQLite: an FTS5 index of each order_search row's vendor-scoped character bigrams (docs/decisions/103),
// so a keyword reads the postings of its own bigrams in its own vendor instead of scanning the
// vendor's search rows. order_search_grams() is registered on every connection (db/search-grams.ts).
// An entry's rowid is its list key, (whole seconds since 2020 of created_at) · 2^32 + order id: the
// index returns a keyword's matches newest first, and the order id is the key's low 32 bits.
// PostgreSQL keeps the ilike over order_search.
export async function up(db: Kysely<any>) {
  if (await isPostgres(db)) return;
  const key = (row: string) => `((unixepoch(${row}.created_at) - 1577836800) * 4294967296 + ${row}.order_id)`;
  const add = (row: string) => `insert into order_grams (rowid, grams) values (${key(row)}, order_search_grams(${row}.vendor_id, ${row}.body));`;
  // Contentless: a match of the bigram phrase is exact, so the text is never read back. An entry is
  // removed with the 'delete' command and the values it was indexed from, recomputed from the old row.
  const remove = (row: string) => `insert into order_grams (order_grams, rowid, grams) values ('delete', ${key(row)}, order_search_grams(${row}.vendor_id, ${row}.body));`;
  await sql`create virtual table order_grams using fts5(grams, content='', columnsize=0)`.execute(db);
  await sql.raw(`insert into order_grams (rowid, grams) select ${key('s')}, order_search_grams(s.vendor_id, s.body) from order_search s`).execute(db);
  await sql`insert into order_grams (order_grams) values ('optimize')`.execute(db);
  await sql.raw(`create trigger order_search_grams_insert after insert on order_search begin ${add('new')} end`).execute(db);
  await sql.raw(`create trigger order_search_grams_update after update on order_search
    when old.body is not new.body or old.vendor_id is not new.vendor_id or old.created_at is not new.created_at or old.order_id is not new.order_id
    begin ${remove('old')} ${add('new')} end`).execute(db);
  await sql.raw(`create trigger order_search_grams_delete after delete on order_search begin ${remove('old')} end`).execute(db);
}

export async function down(db: Kysely<any>) {
  if (await isPostgres(db)) return;
  for (const t of ['order_search_grams_insert', 'order_search_grams_update', 'order_search_grams_delete']) await sql`drop trigger ${sql.ref(t)}`.execute(db);
  await sql`drop table order_grams`.execute(db);
}
