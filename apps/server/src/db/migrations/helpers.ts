import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';

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

/**
 * Row triggers on order_products that run `action` for the order of a line inserted, updated (old and
 * new order) or deleted. On PostgreSQL one function and trigger named order_lines_<name>; on SQLite
 * three triggers named order_lines_<insert|update|delete>_<name>.
 */
export async function orderLineTriggers(db: Kysely<any>, name: string, action: (row: 'old' | 'new') => RawBuilder<unknown>) {
  if (await isPostgres(db)) {
    await sql`create function ${sql.raw(`order_lines_${name}`)}() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${action('old')} end if;
        if tg_op <> 'DELETE' then ${action('new')} end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger ${sql.raw(`order_lines_${name}`)} after insert or update or delete on order_products for each row execute function ${sql.raw(`order_lines_${name}`)}()`.execute(db);
    return;
  }
  await sql`create trigger ${sql.raw(`order_lines_insert_${name}`)} after insert on order_products begin ${action('new')} end`.execute(db);
  await sql`create trigger ${sql.raw(`order_lines_update_${name}`)} after update on order_products begin ${action('old')} ${action('new')} end`.execute(db);
  await sql`create trigger ${sql.raw(`order_lines_delete_${name}`)} after delete on order_products begin ${action('old')} end`.execute(db);
}

/** Drops what orderLineTriggers made. */
export async function dropOrderLineTriggers(db: Kysely<any>, name: string) {
  if (await isPostgres(db)) {
    await sql`drop trigger ${sql.raw(`order_lines_${name}`)} on order_products`.execute(db);
    await sql`drop function ${sql.raw(`order_lines_${name}`)}()`.execute(db);
    return;
  }
  for (const op of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.raw(`order_lines_${op}_${name}`)}`.execute(db);
}
