import { sql, type RawBuilder } from 'kysely';

// The one way a LIKE takes user input (decision 157): the text's own %, _ and \ are matched literally,
// with ESCAPE '\' written out — SQLite's LIKE has no escape character unless told, PostgreSQL's is
// '\' by default, so without it `50%` finds nothing on SQLite.

/** `%text%` for LIKE … ESCAPE '\\': the text's own %, _ and \\ taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column LIKE '%text%' ESCAPE '\'` — the column (a name or an SQL expression) contains `text` as
 * typed. `ilike`: PostgreSQL's case-insensitive match (SQLite's LIKE already folds ASCII case).
 */
export const likeContains = (column: string | RawBuilder<unknown>, text: string, op: 'like' | 'ilike' = 'like') =>
  sql<boolean>`${typeof column === 'string' ? sql.ref(column) : column} ${op === 'ilike' ? sql`ilike` : sql`like`} ${likePattern(text)} escape '\\'`;
