import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';
import { inOneWrite } from './pg-one-write';

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

// PostgreSQL keeps a generic plan only when its estimated cost is no higher than the custom plans'
// average. A page's `limit $n offset $m` defeats that: with the values unknown the planner assumes a
// tenth of the rows is wanted, so the generic plan is costed at 2-3x the custom one and the statement
// is planned again on every call (0.19 ms of its 0.9 ms on the order list's page; decision 198).
// A statement that also holds ONE_PLAN_MARK runs with plan_cache_mode = force_generic_plan, set just
// before it and reset just after, in the same packet.
export const ONE_PLAN_MARK = '/* one plan */';

/** A named statement that keeps one generic plan: a page of a fixed shape, whose `limit` and `offset` are values. */
export const NAMED_ONE_PLAN = sql.raw(`${PREPARED_MARK} ${ONE_PLAN_MARK}`);

// In a transaction a failed statement fails the reset too, and the rollback undoes the set; outside
// one, each of the three is its own implicit transaction, so the reset always runs.
const FORCE_GENERIC = 'set plan_cache_mode = force_generic_plan';
const RESET = 'reset plan_cache_mode';

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

/** A pg Client class that names the opted-in statements (and, in pipeline mode, keeps one plan for those that ask). */
export function preparingClient(Client: typeof pg.Client): typeof pg.Client {
  return class PreparingClient extends Client {
    override query(config: any, values?: any, callback?: any): any {
      if (typeof config !== 'string' || !config.includes(PREPARED_MARK)) return super.query(config, values, callback);
      const named = { name: nameOf(config), text: config, values };
      if (!this.pipeline || callback || !config.includes(ONE_PLAN_MARK)) return super.query(named, callback);
      return inOneWrite(this, () => {
        const set = super.query(FORCE_GENERIC) as Promise<unknown>;
        const statement = super.query(named) as Promise<unknown>;
        const reset = super.query(RESET) as Promise<unknown>;
        // The statement's own error is the call's; the others fail only with it or with the connection.
        set.catch(() => undefined);
        reset.catch(() => undefined);
        return Promise.all([set, statement]).then(async ([, r]) => {
          await reset.catch(() => undefined);
          return r;
        });
      });
    }
  } as typeof pg.Client;
}
