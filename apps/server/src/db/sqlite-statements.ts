import type { Database as Sqlite, Statement } from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

export interface CachedStatement extends SqliteStatement {
  /** The statement does not write (better-sqlite3's `readonly`). */
  readonly readonly: boolean;
}

export interface CachedStatements {
  prepare(sql: string): CachedStatement;
  close(): void;
  /** An SQLite transaction is open on the connection. */
  readonly inTransaction: boolean;
}

const MAX_CACHED = 500;

type Row = Record<string, unknown>;

/**
 * better-sqlite3 behind Kysely's SqliteDialect, with two costs of the stock driver removed: it
 * prepares (parses and plans) every statement on every call, and it builds each row object key by key
 * in native code. Here statements are prepared once per SQL text (kept in a bounded cache), rows are
 * read as arrays and turned into objects by a function compiled once per statement, whose literals
 * share one hidden class. A page of 50 orders × 54 columns costs about half as much to read.
 */
export function cachedStatements(db: Sqlite): CachedStatements {
  const cache = new Map<string, CachedStatement>();
  return {
    close: () => db.close(),
    get inTransaction() {
      return db.inTransaction;
    },
    prepare(sql: string): CachedStatement {
      // A hit leaves the cache as it is: re-inserting would store each call's new SQL string as the key,
      // and those strings, kept past two scavenges and dropped on the next call, filled the old space
      // (a full mark-compact every ~0.3 s under load). Eviction is therefore first in, first out.
      const hit = cache.get(sql);
      if (hit) return hit;
      const stmt = wrap(db, sql);
      cache.set(sql, stmt);
      if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
      return stmt;
    },
  };
}

function wrap(db: Sqlite, sql: string): CachedStatement {
  const stmt = db.prepare(sql);
  if (!stmt.reader) {
    return { reader: false, readonly: stmt.readonly, all: (p) => stmt.all(p as unknown[]), run: (p) => stmt.run(p as unknown[]), iterate: (p) => stmt.iterate(p as unknown[]) };
  }
  const toObject = rowBuilder(stmt);
  const rawStmt = stmt.raw(true);
  return {
    reader: true,
    readonly: stmt.readonly,
    all: (p) => (rawStmt.all(p as unknown[]) as unknown[][]).map(toObject),
    run: (p) => rawStmt.run(p as unknown[]),
    // A streamed statement stays busy while it is iterated; give each stream its own.
    iterate: (p) => db.prepare(sql).iterate(p as unknown[]) as IterableIterator<unknown>,
  };
}

/** (values) => { col0: values[0], … }; a later duplicate column name wins, as in better-sqlite3. */
function rowBuilder(stmt: Statement): (values: unknown[]) => Row {
  const fields = stmt.columns().map((c, i) => `${JSON.stringify(c.name)}: v[${i}]`);
  return new Function('v', `return { ${fields.join(', ')} };`) as (values: unknown[]) => Row;
}
