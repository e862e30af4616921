import type { Database as Sqlite } from 'better-sqlite3';

// Keyword search on SQLite through an FTS5 index of character bigrams (docs/decisions/103). The
// index is contentless: an entry is removed by giving FTS5 the text it was built from, so the tokens
// made here for a given vendor and body must never change without a migration that rebuilds it.
// An order's search text (order_search.body) is indexed as its overlapping bigrams, each a token
// that starts with the vendor, so a lookup reads only that vendor's postings: its cost follows the
// vendor's matches, not its order count nor everybody else's. A keyword of k ≥ 2 characters is the
// phrase of its k − 1 bigrams (consecutive positions, so an exact substring); one character is the
// prefix of the bigrams it starts, and a terminator after the text makes every character start one.

/** The SQL function the order_search triggers call (migration 2026-11-27-010 names it too). */
const GRAMS_FUNCTION = 'order_search_grams';

/**
 * An order_grams rowid is the order's list key, (whole seconds since 2020 of created_at) · 2^32 + id,
 * so the index hands out matches newest first; this SQL takes the order id back out of it.
 */
export const GRAMS_ORDER_ID = 'rowid & 4294967295';

const TERMINATOR = '\u001f';
// Four base-36 digits hold any code point (36^4 > 0x10FFFF), so a character's digits never prefix another's.
const digits = (ch: string) => ch.codePointAt(0)!.toString(36).padStart(4, '0');
const vendorPart = (vendorId: number) => `${vendorId.toString(36)}x`;
// ASCII letters in lower case on both sides, exactly as SQLite's LIKE folds them ("kfr" finds "KFR"),
// so the index and a LIKE over order_search (the list's short walk, decision 106) agree on every text.
const fold = (text: string) => Array.from(text.replace(/[A-Z]+/g, (s) => s.toLowerCase()));

/** The space-separated bigram tokens indexed for one order's search text. */
export function searchGrams(vendorId: number, body: string): string {
  const chars = fold(body);
  chars.push(TERMINATOR);
  const vendor = vendorPart(vendorId);
  const tokens = new Array<string>(chars.length - 1);
  let prev = digits(chars[0]!);
  for (let i = 1; i < chars.length; i++) {
    const next = digits(chars[i]!);
    tokens[i - 1] = vendor + prev + next;
    prev = next;
  }
  return tokens.join(' ');
}

/** The FTS5 query that matches the vendor's search texts containing `keyword` (non-empty). */
export function keywordMatch(vendorId: number, keyword: string): string {
  const chars = fold(keyword);
  const vendor = vendorPart(vendorId);
  if (chars.length === 1) return `${vendor}${digits(chars[0]!)}*`;
  const tokens: string[] = [];
  for (let i = 1; i < chars.length; i++) tokens.push(vendor + digits(chars[i - 1]!) + digits(chars[i]!));
  return `"${tokens.join(' ')}"`;
}

/** Every SQLite connection that writes orders needs the function its triggers call. */
export function registerSearchGrams(sqlite: Sqlite) {
  sqlite.function(GRAMS_FUNCTION, { deterministic: true }, (vendorId, body) => searchGrams(Number(vendorId), String(body ?? '')));
}
