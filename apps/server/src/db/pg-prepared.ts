import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';

// Named statements on PostgreSQL for the few hot statements that opt in (decision 189, revisiting
// 185): a statement whose text holds PREPARED_MARK (an SQL comment: at its start, or after `select`
// through the builder's modifyFront) is sent with a name, so each connection parses and plans it once
// and PostgreSQL may keep one generic plan for it. Only statements whose best plan does not depend on
// their values may opt in (a key lookup, a vendor's newest rows): a skewed one (a keyword's matches)
// would get a plan made for an average value.

/** The comment an opted-in statement's text holds. */
export const PREPARED_MARK = '/* prepared */';

/** The mark as SQL: at a raw statement's start, a select's front (`modifyFront`) or an insert's end (`modifyEnd`). */
export const NAMED = sql.raw(PREPARED_MARK);

const names = new Map<string, string>();
const MAX_NAMES = 200;

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `p${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    // A statement text built from user input would be unbounded: opted-in texts are fixed shapes.
    if (names.size < MAX_NAMES) names.set(text, name);
  }
  return name;
}

/** A pg Client class that names the opted-in statements. */
export function preparingClient(Client: typeof pg.Client): typeof pg.Client {
  return class PreparingClient extends Client {
    override query(config: any, values?: any, callback?: any): any {
      if (typeof config === 'string' && config.includes(PREPARED_MARK)) return super.query({ name: nameOf(config), text: config, values }, callback);
      return super.query(config, values, callback);
    }
  } as typeof pg.Client;
}
