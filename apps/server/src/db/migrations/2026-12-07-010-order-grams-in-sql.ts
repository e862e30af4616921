import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// SQLite: the keyword index (order_grams, migration 2026-11-27-010) is kept by triggers that make an
// order's bigram tokens in plain SQL instead of calling order_search_grams(), a function the app
// registered on its own connections, so any writer (the sqlite3 shell, a data fix) can write an order
// (docs/decisions/130). A token is the vendor id in decimal, 'x', and the hex of the UTF-8 bytes of
// two neighbouring characters of the search text (ASCII letters folded to lower case, nothing else),
// the text followed by a terminator U+001F; tokens space-separated, in order. SQLite's hex() makes
// them in one call a bigram, where the old base-36 code point digits cost ~3× more to write in SQL.
// The tokens changed, so the index is rebuilt. db/search-grams.ts makes the keyword's side; frozen
// here rather than imported, as migrations must be (order-grams-sql.test.ts compares the two).

/** `text` with A–Z as a–z and nothing else changed, whatever lower() a connection has (ICU folds more). */
function foldAscii(text: string) {
  let out = text;
  for (let c = 65; c <= 90; c++) out = `replace(${out}, '${String.fromCharCode(c)}', '${String.fromCharCode(c + 32)}')`;
  return out;
}

/** The SQL expression of the space-separated bigram tokens of `body` in vendor `vendorId` (both SQL expressions). */
export function gramsSql(vendorId: string, body: string): string {
  // json_each over a list of n + 1 zeros numbers the bigrams 0…n (a recursive CTE costs ~10× more a row).
  const bigrams = `json_each('[' || replace(hex(zeroblob(length(s.t) - 2)), '00', '0,') || '0]')`;
  return `(select coalesce(group_concat(s.v || hex(substr(s.t, key + 1, 2)), ' ' order by key), '')
    from (select ${foldAscii(`coalesce(${body}, '')`)} || char(31) as t, cast(${vendorId} as integer) || 'x' as v) s, ${bigrams}
    where length(s.t) > 1)`;
}

const TRIGGERS = ['order_search_grams_insert', 'order_search_grams_update', 'order_search_grams_delete'];

async function rebuild(db: Kysely<any>, grams: (row: string) => string) {
  for (const t of TRIGGERS) await sql`drop trigger ${sql.ref(t)}`.execute(db);
  const key = (row: string) => `((unixepoch(${row}.created_at) - 1577836800) * 4294967296 + ${row}.order_id)`;
  await sql`insert into order_grams (order_grams) values ('delete-all')`.execute(db);
  await sql.raw(`insert into order_grams (rowid, grams) select ${key('s')}, ${grams('s')} from order_search s`).execute(db);
  await sql`insert into order_grams (order_grams) values ('optimize')`.execute(db);
  const add = (row: string) => `insert into order_grams (rowid, grams) values (${key(row)}, ${grams(row)});`;
  const remove = (row: string) => `insert into order_grams (order_grams, rowid, grams) values ('delete', ${key(row)}, ${grams(row)});`;
  await sql.raw(`create trigger order_search_grams_insert after insert on order_search begin ${add('new')} end`).execute(db);
  await sql.raw(`create trigger order_search_grams_update after update on order_search
    when old.body is not new.body or old.vendor_id is not new.vendor_id or old.created_at is not new.created_at or old.order_id is not new.order_id
    begin ${remove('old')} ${add('new')} end`).execute(db);
  await sql.raw(`create trigger order_search_grams_delete after delete on order_search begin ${remove('old')} end`).execute(db);
}

export async function up(db: Kysely<any>) {
  if (await isPostgres(db)) return;
  await rebuild(db, (row) => gramsSql(`${row}.vendor_id`, `${row}.body`));
}

export async function down(db: Kysely<any>) {
  if (await isPostgres(db)) return;
  await rebuild(db, (row) => `order_search_grams(${row}.vendor_id, ${row}.body)`);
}
