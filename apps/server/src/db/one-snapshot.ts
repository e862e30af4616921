import { sql } from 'kysely';
import type { DB } from './database';
import { onPostgres } from './engine';

/**
 * Runs several reads that must agree with each other (a page and its total, a month's totals and its
 * closing balance) on one connection and one snapshot of the database (decision 283): on PostgreSQL a
 * read-only REPEATABLE READ transaction; on SQLite a deferred transaction, which keeps the snapshot of
 * its first read — not `db.transaction()`, which takes the write lock (decision 231).
 */
export async function inOneSnapshot<T>(db: DB, reads: (db: DB) => Promise<T>): Promise<T> {
  if (onPostgres(db)) return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(reads);
  return db.connection().execute(async (conn) => {
    await sql`begin`.execute(conn);
    try {
      const answer = await reads(conn);
      await sql`commit`.execute(conn);
      return answer;
    } catch (e) {
      await sql`rollback`.execute(conn);
      throw e;
    }
  });
}
