import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { log } from '../lib/logger';
import type { Database } from './database';
import { heldStatementsClient } from './pg-held-statements';
import { preparingClient } from './pg-prepared';
import { registerSearchGrams } from './search-grams';
import { PortalSqliteDialect, WRITE_LOCK_WAIT_MS } from './sqlite-dialect';
import { cachedStatements } from './sqlite-statements';

/**
 * WAL pages after which a writer checkpoints in its own COMMIT. SQLite's default is 1,000; a
 * checkpoint of 10,000 held a COMMIT up to 53 ms on the event loop (decision 220).
 */
export const WRITER_AUTOCHECKPOINT_PAGES = 10_000;

export interface DbHandle {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
}

export interface ConnectOptions {
  /** PostgreSQL: the pool's connections at most: the config's PG_POOL_MAX wherever a config is loaded; 10 for bench and test tools without one. */
  poolMax?: number;
}

export async function connectDatabase(url: string, { poolMax = 10 }: ConnectOptions = {}): Promise<DbHandle> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pg = (await import('pg')).default;
    // bigint (money in fen, counts) as JS numbers: our values stay far below 2^53.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    pg.types.setTypeParser(1700, (v: string) => Number(v));
    // Unnamed statements, planned for their values on every call (decision 185), but the few that
    // opt in to a name (decision 189).
    // Pipeline mode lets a transaction's BEGIN, and statements marked to, go out with the next statement (decisions 197, 202).
    const pool = new pg.Pool({ connectionString: url, max: poolMax, Client: heldStatementsClient(preparingClient(pg.Client)), pipeline: true });
    // An idle client whose server connection dies (restart, admin termination) must not crash the
    // process: the pool drops it and the next query opens a new one.
    // Only the message and code: pg hangs the whole client (its statements, buffers) on the error.
    pool.on('error', (err) => log.error({ message: err.message, code: (err as { code?: string }).code }, 'PostgreSQL idle client error'));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const Sqlite = (await import('better-sqlite3')).default;
  const inMemory = url === ':memory:';
  if (!inMemory) mkdirSync(dirname(url), { recursive: true });
  // The writer does not sleep in SQLite's busy handler: the driver waits for the write lock on a timer.
  const open = (busyTimeoutMs: number) => {
    const sqlite = new Sqlite(url);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
    registerSearchGrams(sqlite);
    return sqlite;
  };
  const writing = open(0);
  // The group commit runs each transaction in a savepoint (decision 196), whose sub-journal keeps the
  // original of every page it changes: past 64 KiB, in a temporary file opened, written and deleted
  // each group, ~7 % of a server's CPU under create + pay with WORKERS=2. In memory it costs no system
  // call, and holds no more than the pages the group changed (decision 219). Reads, which may sort or
  // group many rows, keep their temporary files on disk (the reader's default).
  writing.pragma('temp_store = MEMORY');
  // Checkpoints run on a thread of their own (decision 220); a writer checkpoints in its COMMIT only when
  // the WAL has grown this far (no checkpointer running, or it falls behind).
  writing.pragma(`wal_autocheckpoint = ${WRITER_AUTOCHECKPOINT_PAGES}`);
  const writer = cachedStatements(writing);
  // Reads outside transactions on a second connection, which sees committed data only (decision 196);
  // an in-memory database is private to its connection, so it has none.
  const reader = inMemory ? undefined : cachedStatements(open(WRITE_LOCK_WAIT_MS));
  return { db: new Kysely<Database>({ dialect: new PortalSqliteDialect({ writer, reader }) }), dialect: 'sqlite' };
}
