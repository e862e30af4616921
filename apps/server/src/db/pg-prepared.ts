import type pg from 'pg';

// PostgreSQL: the statements the server runs again and again go as named prepared statements, so a
// connection parses and analyses each text once instead of on every call (decision 185). A text is
// named once it has been run NAME_AFTER times in this process (one-off texts, such as a batch's IN
// list of a rare length, stay unnamed), and at most MAX_NAMED texts are named, which bounds what
// every backend keeps.
const NAME_AFTER = 3;
const MAX_NAMED = 500;

const seen = new Map<string, number>();
const names = new Map<string, string>();

/** The statement name for this text, once it has proved hot; undefined while it has not. */
export function statementName(text: string): string | undefined {
  const name = names.get(text);
  if (name !== undefined || names.size >= MAX_NAMED) return name;
  const n = (seen.get(text) ?? 0) + 1;
  if (n < NAME_AFTER) {
    // The counts of texts never named stay bounded too.
    if (seen.size >= MAX_NAMED * 20) seen.clear();
    seen.set(text, n);
    return undefined;
  }
  seen.delete(text);
  const fresh = `p${names.size}`;
  names.set(text, fresh);
  return fresh;
}

/** pg's Client, running text-and-values queries as named prepared statements once they are hot. */
export function preparingClient(Base: typeof pg.Client): typeof pg.Client {
  class PreparingClient extends Base {}
  const query = Base.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  // Every other form of query() (a config object, a cursor, no values) goes through unchanged.
  PreparingClient.prototype.query = function (this: pg.Client, q: unknown, values?: unknown, callback?: unknown) {
    const name = typeof q === 'string' && Array.isArray(values) ? statementName(q) : undefined;
    if (name !== undefined) return query.call(this, { name, text: q, values }, callback);
    return query.call(this, q, values, callback);
  } as typeof Base.prototype.query;
  return PreparingClient;
}
