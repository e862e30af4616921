import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// Keyword indexes for the product list and the after-sales reasons (docs/decisions/140), kept by the
// database alone so that any writer keeps them right (decision 130):
// - SQLite: contentless FTS5 tables with two columns, `uni` (the text's characters) and `grams` (its
//   overlapping bigrams), each token vendor-scoped: '<vendor id>u<hex of the character's UTF-8>' and
//   '<vendor id>x<hex of the two characters' UTF-8>', made by plain SQL in triggers; ASCII letters
//   folded to lower case and nothing else, as SQLite's LIKE folds. An entry's rowid is the row's list
//   key, (whole seconds since 2020 of created_at) · 2^32 + id, so a keyword's matches come newest first.
//   product_grams holds live products only (deleted_at is null): a soft delete removes the entry.
// - PostgreSQL: GIN expression indexes over vendor_text_keys(vendor, text), the distinct unigrams and
//   bigrams of lower(text) as '<vendor>:<chars>' (decision 131's functions under a name of their own,
//   so the orders' functions can change without these indexes), with ilike as the recheck.
// A product's text is its model, then its three category names, joined by U+001F; a case's is its
// reasons. The orders' customer name, phone and number, which the gallery and after-sales search too,
// are in the orders' own index (order_grams, order_search_keys).

/** `text` with A–Z as a–z and nothing else changed, whatever lower() a connection has (ICU folds more). */
function foldAscii(text: string) {
  let out = text;
  for (let c = 65; c <= 90; c++) out = `replace(${out}, '${String.fromCharCode(c)}', '${String.fromCharCode(c + 32)}')`;
  return out;
}

/**
 * The space-separated tokens of `body` (SQL) in vendor `vendorId` (SQL): width 1 gives the characters
 * ('<v>u<hex>'), width 2 the bigrams ('<v>x<hex>'), in order.
 */
function tokensSql(vendorId: string, body: string, width: 1 | 2): string {
  // json_each over a list of n zeros numbers the characters 0…n − 1 (a recursive CTE costs ~10× more a row).
  const positions = `json_each('[' || replace(hex(zeroblob(length(s.t) - 1)), '00', '0,') || '0]')`;
  return `(select coalesce(group_concat(s.v || hex(substr(s.t, key + 1, ${width})), ' ' order by key), '')
    from (select ${foldAscii(`coalesce(${body}, '')`)} as t, cast(${vendorId} as integer) || '${width === 1 ? 'u' : 'x'}' as v) s, ${positions}
    where key <= length(s.t) - ${width})`;
}

const SEP_SQLITE = 'char(31)';
/** A product's searched text: `prefix` is '' or '<row>.'. */
const productText = (prefix: string, sep = SEP_SQLITE) =>
  `${prefix}model_name || ${sep} || ${prefix}category_name || ${sep} || ${prefix}category_name_two || ${sep} || ${prefix}category_name_one`;

const key = (row: string) => `((unixepoch(${row}.created_at) - 1577836800) * 4294967296 + ${row}.id)`;

interface GramIndex {
  table: string;
  source: string;
  text: (row: string) => string;
  /** Rows that have an entry (SQL over `row`), or 'true'. */
  live: (row: string) => string;
  /** Columns whose change rewrites the entry. */
  columns: string[];
}

const INDEXES: GramIndex[] = [
  {
    table: 'product_grams',
    source: 'products',
    text: (row) => productText(`${row}.`),
    live: (row) => `${row}.deleted_at is null`,
    columns: ['vendor_id', 'created_at', 'id', 'deleted_at', 'model_name', 'category_name', 'category_name_two', 'category_name_one'],
  },
  { table: 'after_sale_grams', source: 'after_sales', text: (row) => `${row}.reasons`, live: () => 'true', columns: ['vendor_id', 'created_at', 'id', 'reasons'] },
];

async function sqliteUp(db: Kysely<any>, ix: GramIndex) {
  const tokens = (row: string) => `${tokensSql(`${row}.vendor_id`, ix.text(row), 1)}, ${tokensSql(`${row}.vendor_id`, ix.text(row), 2)}`;
  const add = (row: string) => `insert into ${ix.table} (rowid, uni, grams) select ${key(row)}, ${tokens(row)} where ${ix.live(row)};`;
  // Contentless: an entry is removed with the 'delete' command and the values it was indexed from.
  const remove = (row: string) => `insert into ${ix.table} (${ix.table}, rowid, uni, grams) select 'delete', ${key(row)}, ${tokens(row)} where ${ix.live(row)};`;
  await sql.raw(`create virtual table ${ix.table} using fts5(uni, grams, content='', columnsize=0)`).execute(db);
  await sql.raw(`insert into ${ix.table} (rowid, uni, grams) select ${key('s')}, ${tokens('s')} from ${ix.source} s where ${ix.live('s')}`).execute(db);
  await sql.raw(`insert into ${ix.table} (${ix.table}) values ('optimize')`).execute(db);
  const changed = ix.columns.map((c) => `old.${c} is not new.${c}`).join(' or ');
  await sql.raw(`create trigger ${ix.table}_insert after insert on ${ix.source} begin ${add('new')} end`).execute(db);
  await sql.raw(`create trigger ${ix.table}_update after update on ${ix.source} when ${changed} begin ${remove('old')} ${add('new')} end`).execute(db);
  await sql.raw(`create trigger ${ix.table}_delete after delete on ${ix.source} begin ${remove('old')} end`).execute(db);
}

export async function up(db: Kysely<any>) {
  if (await isPostgres(db)) {
    await sql`create function vendor_text_keys(vendor integer, body text) returns text[] language sql immutable strict parallel safe as $$
      select array(select distinct vendor::text || ':' || k from (
        select substr(t, i, 2) as k from generate_series(1, length(t) - 1) i
        union all
        select substr(t, i, 1) from generate_series(1, length(t)) i) x)
      from (select lower(body) as t) s
    $$`.execute(db);
    // A keyword of one character is its unigram; a longer one, its bigrams.
    await sql`create function vendor_keyword_keys(vendor integer, keyword text) returns text[] language sql immutable strict parallel safe as $$
      select case when length(t) = 1 then array[vendor::text || ':' || t]
        else array(select distinct vendor::text || ':' || substr(t, i, 2) from generate_series(1, length(t) - 1) i) end
      from (select lower(keyword) as t) s
    $$`.execute(db);
    await sql.raw(`create index products_keys on products using gin (vendor_text_keys(vendor_id, ${productText('', 'chr(31)')})) where deleted_at is null`).execute(db);
    await sql`create index after_sales_keys on after_sales using gin (vendor_text_keys(vendor_id, reasons))`.execute(db);
    await sql`analyze products`.execute(db);
    await sql`analyze after_sales`.execute(db);
    return;
  }
  for (const ix of INDEXES) await sqliteUp(db, ix);
}

export async function down(db: Kysely<any>) {
  if (await isPostgres(db)) {
    await sql`drop index after_sales_keys`.execute(db);
    await sql`drop index products_keys`.execute(db);
    await sql`drop function vendor_keyword_keys(integer, text)`.execute(db);
    await sql`drop function vendor_text_keys(integer, text)`.execute(db);
    return;
  }
  for (const ix of INDEXES) {
    for (const t of ['insert', 'update', 'delete']) await sql.raw(`drop trigger ${ix.table}_${t}`).execute(db);
    await sql.raw(`drop table ${ix.table}`).execute(db);
  }
}
