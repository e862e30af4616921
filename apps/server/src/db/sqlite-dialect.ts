import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE). With one server process this
 * changes nothing (Kysely runs one statement at a time on the one connection); with several processes
 * on one SQLite file (WORKERS > 1), a deferred transaction that read first could fail at its first
 * write with SQLITE_BUSY when another process wrote in between; an immediate one waits its turn
 * (busy_timeout) instead.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class PortalSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateTransactionDriver(this.#config);
  }
}
