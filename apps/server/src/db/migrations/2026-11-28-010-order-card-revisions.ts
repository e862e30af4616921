import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// SQLite: a list page whose orders are already known (a keyword's matches, in list order) reads each
// order's revision, vendor and creator from this narrow index instead of its whole row (decision 110).
export async function up(db: Kysely<any>) {
  if (await isPostgres(db)) return;
  await sql`create index orders_card_rev on orders (id, vendor_id, list_rev, created_by)`.execute(db);
}

export async function down(db: Kysely<any>) {
  if (await isPostgres(db)) return;
  await sql`drop index orders_card_rev`.execute(db);
}
