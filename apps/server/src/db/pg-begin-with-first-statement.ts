import type pg from 'pg';
import { inOneWrite } from './pg-one-write';

// A transaction's BEGIN travels with its first statement (decision 197). Kysely sends `begin` and waits
// for its answer before the first statement, so every transaction paid a round trip for a command that
// cannot fail. On this VM a round trip costs Node ~130–250 µs of syscalls (decision 190), and create +
// pay runs four transactions' worth of them an order. Here `begin` is held back and written in the same
// packet as the transaction's first statement, on a client in pg's pipeline mode, which sends a query
// without waiting for the one before: BEGIN then the statement, answered in order. A transaction that
// ends before any statement sent nothing, so its COMMIT or ROLLBACK is answered here too.

const BEGIN = 'begin';
const ENDS = new Set(['commit', 'rollback']);

type Result = { command: string; rowCount: number | null; rows: unknown[]; fields: unknown[] };
const answered = (command: string): Promise<Result> => Promise.resolve({ command, rowCount: null, rows: [], fields: [] });

/** A pg Client class (to be used with `pipeline: true`) that sends a transaction's BEGIN with its first statement. */
export function beginWithFirstStatement(Client: typeof pg.Client): typeof pg.Client {
  return class BeginWithFirstStatement extends Client {
    #beginHeld = false;

    override query(config: any, values?: any, callback?: any): any {
      if (!this.pipeline || callback || typeof values === 'function') return super.query(config, values, callback);
      if (config === BEGIN) {
        if (this.#beginHeld) return super.query(config, values); // a second BEGIN: PostgreSQL's own warning, as before
        this.#beginHeld = true;
        return answered('BEGIN');
      }
      if (!this.#beginHeld) return super.query(config, values);
      this.#beginHeld = false;
      if (typeof config === 'string' && ENDS.has(config)) return answered(config.toUpperCase());
      // A custom query class (a cursor) cannot be pipelined: its BEGIN goes first, on its own.
      if (typeof config?.submit === 'function') {
        super.query(BEGIN).catch(() => undefined);
        return super.query(config, values);
      }
      return inOneWrite(this, () => {
        const begun = super.query(BEGIN) as Promise<Result>;
        const statement = super.query(config, values) as Promise<Result>;
        // Each has its own Sync: a failed BEGIN (a broken connection) fails the statement's call too.
        begun.catch(() => undefined);
        return Promise.all([begun, statement]).then(([, r]) => r);
      });
    }
  } as typeof pg.Client;
}
