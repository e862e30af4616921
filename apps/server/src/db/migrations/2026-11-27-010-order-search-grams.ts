import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// SQLite: an FTS5 index of each order_search row's vendor-scoped character bigrams (docs/decisions/103),
// so a keyword reads the postings of its own bigrams in its own vendor instead of scanning the
// vendor's search rows. order_search_grams() is registered on every connection (db/search-grams.ts).
// PostgreSQL keeps the ilike over order_search.
export async function up(db: Kysely<any>) {
  if (await isPostgres(db)) return;
  // Contentless: a match of the bigram phrase is already exact, so the text is never read back.
  await sql`create virtual table order_grams using fts5(grams, content='', contentless_delete=1)`.execute(db);
  await sql`insert into order_grams (rowid, grams) select order_id, order_search_grams(vendor_id, body) from order_search`.execute(db);
  await sql`insert into order_grams (order_grams) values ('optimize')`.execute(db);
  await sql`create trigger order_search_grams_insert after insert on order_search begin
    insert into order_grams (rowid, grams) values (new.order_id, order_search_grams(new.vendor_id, new.body)); end`.execute(db);
  await sql`create trigger order_search_grams_update after update on order_search
    when old.body is not new.body or old.vendor_id is not new.vendor_id or old.order_id is not new.order_id begin
    delete from order_grams where rowid = old.order_id;
    insert into order_grams (rowid, grams) values (new.order_id, order_search_grams(new.vendor_id, new.body)); end`.execute(db);
  await sql`create trigger order_search_grams_delete after delete on order_search begin delete from order_grams where rowid = old.order_id; end`.execute(db);
}

export async function down(db: Kysely<any>) {
  if (await isPostgres(db)) return;
  for (const t of ['order_search_grams_insert', 'order_search_grams_update', 'order_search_grams_delete']) await sql`drop trigger ${sql.ref(t)}`.execute(db);
  await sql`drop table order_grams`.execute(db);
}
