import { PostgresAdapter } from 'kysely';
import type { DB, Tx } from './database';

/** Whether this database (or a transaction of it) is PostgreSQL; otherwise it is SQLite. */
export const onPostgres = (db: DB | Tx): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
