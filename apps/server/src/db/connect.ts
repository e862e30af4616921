import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type DatabaseConnection, type Driver } from 'kysely';
import { log } from '../lib/logger';
import type { Database } from './database';
import { registerSearchGrams } from './search-grams';

export interface DbHandle {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
}

export interface ConnectOptions {
  /** PostgreSQL: the pool's connections at most: the config's PG_POOL_MAX wherever a config is loaded; 10 for bench and test tools without one. */
  poolMax?: number;
}

/** How long a statement waits for another process's write lock on the SQLite file before it fails (SQLITE_BUSY). */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * Kysely's SQLite dialect, whose transactions take the write lock when they begin (BEGIN IMMEDIATE):
 * with several processes on one file, a deferred transaction that read first and then writes fails at
 * once (SQLITE_BUSY) when another process wrote meanwhile, instead of waiting out the busy timeout
 * (decision 231).
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => void (await connection.executeQuery(CompiledQuery.raw('begin immediate')));
    return driver;
  }
}

export async function connectDatabase(url: string, { poolMax = 10 }: ConnectOptions = {}): Promise<DbHandle> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pg = (await import('pg')).default;
    // bigint (money in fen, counts) as JS numbers: our values stay far below 2^53.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    pg.types.setTypeParser(1700, (v: string) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: poolMax });
    // An idle client whose server connection dies (restart, admin termination) must not crash the
    // process: the pool drops it and the next query opens a new one.
    // Only the message and code: pg hangs the whole client (its statements, buffers) on the error.
    pool.on('error', (err) => log.error({ message: err.message, code: (err as { code?: string }).code }, 'PostgreSQL idle client error'));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const Sqlite = (await import('better-sqlite3')).default;
  if (url !== ':memory:') mkdirSync(dirname(url), { recursive: true });
  const sqlite = new Sqlite(url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  registerSearchGrams(sqlite);
  return { db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) }), dialect: 'sqlite' };
}
