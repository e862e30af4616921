import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Kept inside migrations/ so migrations stay frozen: they never import app code.

export async function isPostgres(db: Kysely<any>): Promise<boolean> {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-increment integer primary key on both dialects. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, pg: boolean) {
  return pg
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
