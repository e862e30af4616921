import { sql } from 'kysely';
import type pg from 'pg';
import { inOneWrite } from './pg-one-write';

// Statements held back and written with the next one (decisions 197, 202). On this VM a round trip
// costs Node ~130–250 µs of syscalls (decision 190); a client in pg's pipeline mode sends a query
// without waiting for the one before, and the answers come back in order. So:
// - a transaction's `begin` is answered at once and written in the same packet as its first statement
//   (a transaction that ends before any statement sent nothing: its COMMIT or ROLLBACK is answered here);
// - a statement whose text holds HELD_MARK, inside a transaction, is answered at once (no rows, no
//   count) and written with the transaction's next statement, its COMMIT included. Only statements
//   whose answer nobody reads opt in (a log line, an order's line without surcharges). Their failure
//   is not lost: it aborts the transaction, and the next statement, or the COMMIT, fails with the held
//   statement's own error, so the caller's error handling and the rollback work as before.

const BEGIN = 'begin';
const COMMIT = 'commit';
const ROLLBACK = 'rollback';

/** The comment a statement's text holds to be sent with the next one (inside a transaction only). */
export const HELD_MARK = '/* with the next */';
/** The mark as SQL, for an insert's end (`modifyEnd`). */
export const SENT_WITH_NEXT = sql.raw(HELD_MARK);

type Result = { command: string; rowCount: number | null; rows: unknown[]; fields: unknown[] };
const answered = (command: string): Promise<Result> => Promise.resolve({ command, rowCount: null, rows: [], fields: [] });

/** A pg Client class (to be used with `pipeline: true`) that holds BEGIN and marked statements back until the next statement. */
export function heldStatementsClient(Client: typeof pg.Client): typeof pg.Client {
  return class HeldStatementsClient extends Client {
    #beginHeld = false;
    /** Between a BEGIN asked for and its COMMIT or ROLLBACK. */
    #inTransaction = false;
    #held: { text: string; values: any }[] = [];
    /** The transaction was already ended by a COMMIT that a held statement's failure turned into a rollback. */
    #endedByFailure = false;

    override query(config: any, values?: any, callback?: any): any {
      if (!this.pipeline || callback || typeof values === 'function') return super.query(config, values, callback);
      if (config === BEGIN) {
        if (this.#inTransaction) return super.query(config, values); // a second BEGIN: PostgreSQL's own warning, as before
        this.#beginHeld = true;
        this.#inTransaction = true;
        this.#endedByFailure = false;
        return answered('BEGIN');
      }
      if (typeof config === 'string' && this.#inTransaction && config.includes(HELD_MARK)) {
        this.#held.push({ text: config, values });
        return answered('HELD'); // no count: Kysely reads one only for INSERT, UPDATE, DELETE and MERGE
      }
      if (config === COMMIT || config === ROLLBACK) {
        this.#inTransaction = false;
        if (config === ROLLBACK) {
          this.#held = []; // never sent: nothing to undo
          if (this.#endedByFailure) {
            this.#endedByFailure = false;
            return answered('ROLLBACK');
          }
        }
        if (this.#beginHeld && !this.#held.length) {
          this.#beginHeld = false;
          return answered(config.toUpperCase());
        }
      }
      if (!this.#beginHeld && !this.#held.length) return super.query(config, values);
      const begin = this.#beginHeld;
      const held = this.#held;
      this.#beginHeld = false;
      this.#held = [];
      // A custom query class (a cursor) cannot be pipelined: what was held goes first, on its own, and a
      // held statement's failure then fails the cursor with the aborted transaction's error.
      if (typeof config?.submit === 'function') {
        if (begin) super.query(BEGIN).catch(() => undefined);
        for (const h of held) super.query(h.text, h.values).catch(() => undefined);
        return super.query(config, values);
      }
      return inOneWrite(this, () => {
        const before = [...(begin ? [super.query(BEGIN) as Promise<Result>] : []), ...held.map((h) => super.query(h.text, h.values) as Promise<Result>)];
        const statement = super.query(config, values) as Promise<Result>;
        // Each has its own Sync; the answers come back in order. The first failure is the call's: a failed
        // BEGIN (a broken connection) or held statement leaves the statement with the aborted
        // transaction's error (or a COMMIT answered ROLLBACK), which says less than the cause.
        return Promise.allSettled([...before, statement]).then((settled) => {
          const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
          if (failed) {
            if (config === COMMIT && settled.at(-1)!.status === 'fulfilled') this.#endedByFailure = true;
            throw failed.reason;
          }
          return (settled.at(-1) as PromiseFulfilledResult<Result>).value;
        });
      });
    }
  } as typeof pg.Client;
}
