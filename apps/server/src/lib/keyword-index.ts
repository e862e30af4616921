import { sql, type RawBuilder } from 'kysely';
import { GRAMS_ORDER_ID, keywordMatch } from '../db/search-grams';
import { anyCaseOp, likePattern } from './like';

// The keyword indexes of the vendor's lists (decision 232), as SQL the repositories put into their
// queries. A keyword is a substring: one or two Chinese characters, a model number in any case (ASCII
// letters on SQLite, every letter on PostgreSQL, as LIKE and ilike fold), `%`, `_` and `\` as themselves.
// - SQLite: contentless FTS5 tables of vendor-scoped bigram tokens whose rowid is the row's list key
//   (created_at seconds · 2^32 + id); a match is exact, so nothing is rechecked.
// - PostgreSQL: GIN expression indexes of vendor-scoped unigrams and bigrams narrow; ilike confirms.


/** FTS5 tables of columns uni and grams (migration 2026-12-10-010), keyed by (created_at seconds since 2020) · 2^32 + id. */
export type TextGramsTable = 'product_grams' | 'after_sale_grams';

const fold = (text: string) => Array.from(text.replace(/[A-Z]+/g, (s) => s.toLowerCase()));
const hex = (chars: string) => Buffer.from(chars, 'utf8').toString('hex').toUpperCase();

/**
 * The FTS5 query of a keyword (non-empty) over a uni/grams table in this vendor, and whether its
 * matches are exactly the texts containing the keyword. One character is its unigram and two are
 * their bigram, both exact. Longer keywords ask for their first and last bigrams: a common bigram in
 * the middle ('-1' of every model number) would make a phrase read every one of its postings, while
 * the two ends are usually the rarest. The candidates are rechecked with LIKE (decision 140).
 */
export function textGramsQuery(vendorId: number, keyword: string): { match: string; exact: boolean } {
  const chars = fold(keyword);
  if (chars.length === 1) return { match: `uni : "${vendorId}u${hex(chars[0]!)}"`, exact: true };
  const bigram = (i: number) => `grams : "${vendorId}x${hex(chars[i]! + chars[i + 1]!)}"`;
  const first = bigram(0);
  const last = bigram(chars.length - 2);
  if (chars.length === 2) return { match: first, exact: true };
  return { match: first === last ? first : `${first} AND ${last}`, exact: false };
}

/** SQLite: `table match <the keyword's query in this vendor>` (a superset when not `exact`). */
export const textGramsMatch = (table: TextGramsTable, vendorId: number, keyword: string) =>
  sql<boolean>`${sql.table(table)} match ${textGramsQuery(vendorId, keyword).match}`;

/** `column LIKE '%keyword%'` (ilike on PostgreSQL) with the keyword's %, _ and \ taken literally. */
export const likeKeyword = (column: RawBuilder<unknown> | string, keyword: string, pg: boolean) =>
  sql<boolean>`${typeof column === 'string' ? sql.ref(column) : column} ${anyCaseOp(keyword, pg)} ${likePattern(keyword)} escape '\\'`;

/**
 * PostgreSQL: `text` (an SQL expression of an indexed row, the same expression its GIN index is built
 * on) of vendor column `vendorColumn` contains the keyword: the index of vendor_text_keys narrows
 * (migration 2026-12-10-010), ilike confirms.
 */
export const textContainsPg = (vendorColumn: string, text: RawBuilder<unknown>, vendorId: number, keyword: string) =>
  sql<boolean>`vendor_text_keys(${sql.ref(vendorColumn)}, ${text}) @> ${pgKeywordKeys(vendorId, keyword)} and ${likeKeyword(text, keyword, true)}`;

/**
 * PostgreSQL: the keys a keyword asks the GIN index for, `<vendor>:<characters>` lower-cased by
 * PostgreSQL as vendor_keyword_keys and order_keyword_keys make them, written as a plain array: those
 * functions' subquery cost ~0.3 ms of planning a statement and as much to run (decision 207). One or two
 * characters: their key (exact). Longer: every bigram (`every`, the orders' search rows), or the first
 * and last only, as on SQLite, so that a common middle bigram's posting list is not read (KFR-1999:
 * 11.7 ms of GIN scan with '-1', decision 140); ilike confirms.
 */
export function pgKeywordKeys(vendorId: number, keyword: string, every = false) {
  const chars = Array.from(keyword);
  const key = (part: string) => sql`${`${vendorId}:`}::text || lower(${part}::text)`;
  if (chars.length <= 2) return sql`array[${key(keyword)}]`;
  const pairs = chars.slice(1).map((c, i) => chars[i]! + c);
  const asked = every ? [...new Set(pairs)] : [pairs[0]!, pairs.at(-1)!];
  return sql`array[${sql.join(asked.map(key))}]`;
}

/** PostgreSQL: order_search row `s` of vendor `vendorId` contains the keyword: its keys narrow (decision 131), ilike confirms. */
export const orderSearchContainsPg = (vendorId: number, keyword: string) =>
  sql<boolean>`order_search_keys(s.vendor_id, s.body) @> ${pgKeywordKeys(vendorId, keyword, true)} and ${likeKeyword(sql`s.body`, keyword, true)}`;

/**
 * The ids of the vendor's orders whose search text (number, phone, customer name, remarks, lines'
 * models and categories; decision 102) contains the keyword, through the orders' own index: order_grams
 * on SQLite, order_search_keys + ilike on PostgreSQL. A caller that searches fewer of those fields
 * rechecks its own columns.
 */
export const orderIdsContaining = (vendorId: number, keyword: string, pg: boolean) =>
  pg
    ? sql`select s.order_id from order_search s where s.vendor_id = ${vendorId} and ${orderSearchContainsPg(vendorId, keyword)}`
    : sql`select ${sql.raw(GRAMS_ORDER_ID)} from order_grams where order_grams match ${keywordMatch(vendorId, keyword)}`;
