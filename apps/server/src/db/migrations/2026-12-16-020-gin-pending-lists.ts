import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// PostgreSQL: the keyword indexes' pending lists stay short (docs/decisions/188). A GIN index gathers
// new entries in an unsorted pending list (up to gin_pending_list_limit, 4 MB by default) that every
// search reads in full before the index proper. After 1,395 orders created in 10 s the orders' list was
// 352 pages: a keyword over a vendor of ~900 orders took 3.0–5.5 ms instead of 0.7 ms until autovacuum
// or a flush emptied it. 128 kB (16 pages) keeps that read small; the insert that fills the list moves
// it into the index, a batch at a time.
const INDEXES = ['order_search_keys', 'products_keys', 'after_sales_keys'];

export async function up(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  for (const i of INDEXES) await sql`alter index ${sql.ref(i)} set (gin_pending_list_limit = 128)`.execute(db);
}

export async function down(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  for (const i of INDEXES) await sql`alter index ${sql.ref(i)} reset (gin_pending_list_limit)`.execute(db);
}
