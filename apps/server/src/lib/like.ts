import { sql, type RawBuilder } from 'kysely';

// The one way a LIKE takes user input (decision 157): the text's own %, _ and \ are matched literally,
// with ESCAPE '\' written out — SQLite's LIKE has no escape character unless told, PostgreSQL's is
// '\' by default, so without it `50%` finds nothing on SQLite.

/** `%text%` for LIKE … ESCAPE '\\': the text's own %, _ and \\ taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * PostgreSQL's operator for "contains `text` in any case": ilike, or like when the text has no letter
 * with case (Chinese characters, digits, punctuation). Then both find the same rows: lower() changes
 * only cased letters, and only a lower-case letter is the lower() of another character. ilike lower-cases
 * every text it tests and like does not: a walk of 578 search rows for 建华 took 0.87–0.94 ms with
 * ilike, 0.23–0.34 ms with like (decision 209). SQLite's LIKE already folds ASCII case: always like.
 */
export const anyCaseOp = (text: string, pg: boolean) => (pg && /\p{Cased}/u.test(text) ? sql`ilike` : sql`like`);

/**
 * `column LIKE '%text%' ESCAPE '\'` — the column (a name or an SQL expression) contains `text` as
 * typed. `ilike`: PostgreSQL's case-insensitive match (SQLite's LIKE already folds ASCII case).
 */
export const likeContains = (column: string | RawBuilder<unknown>, text: string, op: 'like' | 'ilike' = 'like') =>
  sql<boolean>`${typeof column === 'string' ? sql.ref(column) : column} ${anyCaseOp(text, op === 'ilike')} ${likePattern(text)} escape '\\'`;
