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
// A statement that also holds ONE_PLAN_MARK runs with plan_cache_mode = force_generic_plan.
export const ONE_PLAN_MARK = '/* one plan */';

/** A named statement that keeps one generic plan: a page of a fixed shape, whose `limit` and `offset` are values. */
export const NAMED_ONE_PLAN = sql.raw(`${PREPARED_MARK} ${ONE_PLAN_MARK}`);

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

/** The plan mode a connection is in, as far as its client knows ('unknown' after a transaction that changed it ended). */
type PlanMode = 'auto' | 'generic' | 'unknown';

/**
 * A pg Client class that names the opted-in statements and, in pipeline mode, runs each statement
 * under the plan mode it needs (decisions 198, 211): a one-plan statement under force_generic_plan,
 * an unnamed one under auto. A named statement runs under either: its plan fits every value. The mode
 * stays as the last statement left it, and a `set` or `reset` goes out, in the same write, only before
 * a statement that needs the other mode: the list's calls, whose statements are all named, send none.
 */
export function preparingClient(Client: typeof pg.Client): typeof pg.Client {
  return class PreparingClient extends Client {
    #mode: PlanMode = 'auto';
    #inTransaction = false;
    /** A set or reset was sent in this transaction: its end (a rollback undoes them) leaves the mode unknown. */
    #changedInTransaction = false;

    override query(config: any, values?: any, callback?: any): any {
      const named = typeof config === 'string' && config.includes(PREPARED_MARK);
      const send = () => (named ? super.query({ name: nameOf(config), text: config, values }, callback) : super.query(config, values, callback));
      if (!this.pipeline) return send();
      const text: string | undefined = typeof config === 'string' ? config : config?.text;
      if (typeof config === 'string') this.#transactionSeen(config);
      const want: PlanMode | null = isTransactionControl(text) ? null : !named ? 'auto' : text!.includes(ONE_PLAN_MARK) ? 'generic' : null;
      if (want === null || want === this.#mode) return send();
      return inOneWrite(this, () => {
        // The statement's own error is the call's; a failed set or reset leaves the mode unknown.
        (super.query(want === 'generic' ? FORCE_GENERIC : RESET) as Promise<unknown>).catch(() => (this.#mode = 'unknown'));
        this.#mode = want;
        if (this.#inTransaction) this.#changedInTransaction = true;
        return send();
      });
    }

    /** Follows BEGIN, COMMIT, ROLLBACK and ROLLBACK TO SAVEPOINT: the last two undo a set or reset sent since. */
    #transactionSeen(text: string) {
      if (text === 'begin' || text.startsWith('start transaction')) {
        this.#inTransaction = true;
        this.#changedInTransaction = false;
      } else if (isTransactionEnd(text) || text.startsWith('rollback to')) {
        if (this.#changedInTransaction) this.#mode = 'unknown';
        if (isTransactionEnd(text)) this.#inTransaction = false;
      }
    }
  } as typeof pg.Client;
}

const isTransactionEnd = (text: string) => text === 'commit' || text === 'rollback';
// Kysely's transaction statements, which run under either mode.
const isTransactionControl = (text: string | undefined) => text !== undefined && /^(begin|commit|rollback|start transaction|savepoint|release)\b/.test(text);
