import type { Kysely } from 'kysely';
import { dropSqliteSearchRevisions, isPostgres, sqliteSearchRevisions } from './helpers';

// SQLite: each vendor's revision of its order_search rows, as PostgreSQL has had since migration
// 2026-12-19-010 (docs/decisions/213). Every insert or delete of a vendor's search row, and every update
// that changes what its keyword index holds (the same columns as order_grams' update trigger, migration
// 2026-12-07-010), adds one to one of the vendor's 16 slots (the order's id mod 16). The sum of a
// vendor's slots, read in the same statement as a keyword's matches, tells whether any of its search
// rows changed since another statement read the same sum.
const REVISIONS = { revisions: 'order_search_revisions', table: 'order_search', id: 'order_id', watched: ['body', 'vendor_id', 'created_at', 'order_id'] };

export async function up(db: Kysely<any>) {
  if (!(await isPostgres(db))) await sqliteSearchRevisions(db, REVISIONS);
}

export async function down(db: Kysely<any>) {
  if (!(await isPostgres(db))) await dropSqliteSearchRevisions(db, REVISIONS);
}
