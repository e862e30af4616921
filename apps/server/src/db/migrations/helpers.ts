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

/** What sqliteSearchRevisions keeps: `revisions` counts the changes of `table`'s rows that a keyword reads. */
interface SearchRevisions {
  /** The revisions table, made here: (vendor_id, slot, rev), 16 slots a vendor. */
  revisions: string;
  /** The watched table, with a vendor_id column. */
  table: string;
  /** Its id column, which picks a row's slot. */
  id: string;
  /** Its columns whose change moves the revision. */
  watched: string[];
}

const REVISION_SLOTS = 16;
// order_search_revisions: order_search_revise_insert, …
const revisionTriggers = (r: SearchRevisions) => ['insert', 'update', 'move', 'delete'].map((op) => `${r.revisions.replace(/_revisions$/, '_revise')}_${op}`);

/**
 * SQLite: a vendor's revision of what a keyword over `table` reads (decisions 208, 213), made by plain SQL
 * triggers and backfilled from the rows there are. An insert or delete, or an update of a watched column,
 * adds one to one of the row's vendor's 16 slots (the row's id mod 16); a row moved to another vendor
 * moves that vendor's too.
 */
export async function sqliteSearchRevisions(db: Kysely<any>, r: SearchRevisions) {
  const bump = (row: 'old' | 'new') => `insert into ${r.revisions} (vendor_id, slot, rev) values (${row}.vendor_id, ${row}.${r.id} % ${REVISION_SLOTS}, 1)
    on conflict (vendor_id, slot) do update set rev = rev + 1;`;
  const [insert, update, move, remove] = revisionTriggers(r);
  await sql.raw(`create table ${r.revisions} (vendor_id integer not null, slot integer not null, rev integer not null, primary key (vendor_id, slot)) without rowid`).execute(db);
  await sql.raw(`insert into ${r.revisions} (vendor_id, slot, rev)
    select vendor_id, ${r.id} % ${REVISION_SLOTS}, count(*) from ${r.table} group by vendor_id, ${r.id} % ${REVISION_SLOTS}`).execute(db);
  await sql.raw(`create trigger ${insert} after insert on ${r.table} begin ${bump('new')} end`).execute(db);
  await sql.raw(`create trigger ${update} after update on ${r.table} when ${r.watched.map((c) => `old.${c} is not new.${c}`).join(' or ')}
    begin ${bump('old')} end`).execute(db);
  await sql.raw(`create trigger ${move} after update of vendor_id on ${r.table} when old.vendor_id is not new.vendor_id begin ${bump('new')} end`).execute(db);
  await sql.raw(`create trigger ${remove} after delete on ${r.table} begin ${bump('old')} end`).execute(db);
}

/** Drops what sqliteSearchRevisions made. */
export async function dropSqliteSearchRevisions(db: Kysely<any>, r: SearchRevisions) {
  for (const t of revisionTriggers(r)) await sql.raw(`drop trigger ${t}`).execute(db);
  await sql.raw(`drop table ${r.revisions}`).execute(db);
}
