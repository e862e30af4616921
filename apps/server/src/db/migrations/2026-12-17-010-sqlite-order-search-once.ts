import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// SQLite: an order created with its lines gets its search row, and so its keyword index tokens, once
// (decision 201). Before, the order's insert wrote the row without the lines' text and each line's
// insert rewrote it, so the keyword index (order_grams) took the first text's tokens in, then out
// again, then the whole text's: three bigram token lists made in SQL and three FTS5 writes a create.
// An order inserted with list_rev = -1 says "its lines follow in this transaction": the order's insert
// then leaves the search row to its first line (whose insert also bumps list_rev to 0). Any other
// insert (list_rev 0, the column's default) writes it at once, as before, so a writer that knows
// nothing of this (the sqlite3 shell, a data fix) still makes a searchable order.
// PostgreSQL builds the row once already, at commit (migration 2026-12-16-010). The search text is
// migration 2026-11-26-030's, copied rather than imported: migrations stay frozen.
const body = `coalesce(o.order_no, '') || char(31) || coalesce(o.phone, '') || char(31) || coalesce(o.real_name, '') || char(31) || coalesce(o.remarks, '') || char(31) ||
    coalesce((select group_concat(coalesce(p.model_name, '') || char(31) || coalesce(p.category_name, ''), char(31)) from order_products p where p.order_id = o.id), '')`;
const upsert = `insert into order_search (order_id, vendor_id, created_at, body) select o.id, o.vendor_id, o.created_at, ${body} from orders o where o.id = new.id
      on conflict (order_id) do update set vendor_id = excluded.vendor_id, created_at = excluded.created_at, body = excluded.body;`;

async function orderInsertTrigger(db: Kysely<any>, when: string) {
  await sql`drop trigger orders_search_insert`.execute(db);
  await sql.raw(`create trigger orders_search_insert after insert on orders ${when} begin ${upsert} end`).execute(db);
}

export async function up(db: Kysely<any>) {
  if (await isPostgres(db)) return;
  await orderInsertTrigger(db, 'when new.list_rev <> -1');
}

export async function down(db: Kysely<any>) {
  if (await isPostgres(db)) return;
  await orderInsertTrigger(db, '');
}
