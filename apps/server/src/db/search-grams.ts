import type { Database as Sqlite } from 'better-sqlite3';

// Keyword search on SQLite through an FTS5 index of character bigrams (docs/decisions/103 and 130).
// The index is contentless: an entry is removed by giving FTS5 the text it was built from, so the
// tokens made for a given vendor and body never change without a migration that rebuilds it.
// An order's search text (order_search.body) is indexed as its overlapping bigrams, each a token
// that starts with the vendor, so a lookup reads only that vendor's postings: its cost follows the
// vendor's matches, not its order count nor everybody else's. A keyword of k ≥ 2 characters is the
// phrase of its k − 1 bigrams (consecutive positions, so an exact substring); one character is the
// prefix of the bigrams it starts, and a terminator after the text makes every character start one.
// The triggers make the tokens in SQL (migration 2026-12-07-010, gramsSql); this file makes the same
// tokens for a keyword.

/**
 * An order_grams rowid is the order's list key, (whole seconds since 2020 of created_at) · 2^32 + id,
 * so the index hands out matches newest first; this SQL takes the order id back out of it.
 */
export const GRAMS_ORDER_ID = 'rowid & 4294967295';

const TERMINATOR = '\u001f';
// ASCII letters in lower case on both sides, exactly as SQLite's LIKE folds them ("kfr" finds "KFR"),
// so the index and a LIKE over order_search (the list's short walk, decision 106) agree on every text.
const fold = (text: string) => Array.from(text.replace(/[A-Z]+/g, (s) => s.toLowerCase()));
// A bigram's token: the vendor in decimal, 'x', the hex of the characters' UTF-8 bytes (SQLite's hex()).
// UTF-8 is prefix-free, so one character's hex prefixes exactly the bigrams it starts.
const hex = (chars: string) => Buffer.from(chars, 'utf8').toString('hex').toUpperCase();

/** The space-separated bigram tokens the triggers index for one order's search text (as migration 2026-12-07-010's SQL makes them). */
export function gramTokens(vendorId: number, body: string): string {
  const chars = fold(body);
  chars.push(TERMINATOR);
  const tokens: string[] = [];
  for (let i = 1; i < chars.length; i++) tokens.push(`${vendorId}x${hex(chars[i - 1]! + chars[i]!)}`);
  return tokens.join(' ');
}

/** The FTS5 query that matches the vendor's search texts containing `keyword` (non-empty). */
export function keywordMatch(vendorId: number, keyword: string): string {
  const chars = fold(keyword);
  if (chars.length === 1) return `${vendorId}x${hex(chars[0]!)}*`;
  const tokens: string[] = [];
  for (let i = 1; i < chars.length; i++) tokens.push(`${vendorId}x${hex(chars[i - 1]! + chars[i]!)}`);
  return `"${tokens.join(' ')}"`;
}

// The first tokens (decision 103): vendor in base 36, 'x', four base-36 digits of each code point.
// Migration 2026-11-27-010 is frozen and calls order_search_grams() when it builds the index, so a
// fresh database still needs the function while it migrates; no trigger calls it after 2026-12-07-010.
const digits = (ch: string) => ch.codePointAt(0)!.toString(36).padStart(4, '0');

/** The tokens of decision 103 (order_search_grams), for migration 2026-11-27-010 only. */
export function legacyGrams(vendorId: number, body: string): string {
  const chars = fold(body);
  chars.push(TERMINATOR);
  const vendor = `${vendorId.toString(36)}x`;
  const tokens: string[] = [];
  for (let i = 1; i < chars.length; i++) tokens.push(vendor + digits(chars[i - 1]!) + digits(chars[i]!));
  return tokens.join(' ');
}

/** order_search_grams(), which the frozen migration 2026-11-27-010 (and its undoing) call. */
export function registerSearchGrams(sqlite: Sqlite) {
  sqlite.function('order_search_grams', { deterministic: true }, (vendorId, body) => legacyGrams(Number(vendorId), String(body ?? '')));
}
