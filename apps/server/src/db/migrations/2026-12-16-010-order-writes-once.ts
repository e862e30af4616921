import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// PostgreSQL: an order written in one transaction gets its search row once and no list_rev bumps of
// its own new row (docs/decisions/184). Before, creating an order wrote its order_search row twice
// (the order's insert, then its line's) and so its ~150 vendor-scoped keys into the GIN index twice,
// and each line's insert updated the new order row once more only to bump list_rev.
// - The search triggers run at commit (deferred constraint triggers), when the order and its lines
//   are all there, and write the row only when its text changed: the first of an order's events
//   writes it, the others find it current.
// - A line does not bump list_rev of an order row this transaction wrote: that write already bumped
//   it (orders_list_rev) or made the row, and no card of the new revision can exist before commit.
//   A row written inside a savepoint carries the subtransaction's id and is bumped as before.
// SQLite keeps its triggers: its FTS5 index is written at commit in one segment anyway.
const body = `coalesce(o.order_no, '') || chr(31) || coalesce(o.phone, '') || chr(31) || coalesce(o.real_name, '') || chr(31) || coalesce(o.remarks, '') || chr(31) ||
    coalesce((select string_agg(coalesce(p.model_name, '') || chr(31) || coalesce(p.category_name, ''), chr(31)) from order_products p where p.order_id = o.id), '')`;
const upsert = (id: string, onlyChanged: boolean) =>
  `insert into order_search (order_id, vendor_id, created_at, body) select o.id, o.vendor_id, o.created_at, ${body} from orders o where o.id = ${id}
      on conflict (order_id) do update set vendor_id = excluded.vendor_id, created_at = excluded.created_at, body = excluded.body${
        onlyChanged ? `
      where (order_search.vendor_id, order_search.created_at, order_search.body) is distinct from (excluded.vendor_id, excluded.created_at, excluded.body)` : ''
      };`;
const bump = (row: 'old' | 'new', skipOwn: boolean) =>
  `update orders set list_rev = list_rev + 1 where id = ${row}.order_id${skipOwn ? ' and xmin <> pg_current_xact_id()::xid' : ''};`;

const functions = (once: boolean) => [
  `create or replace function orders_search() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then delete from order_search where order_id = old.id; else ${upsert('new.id', once)} end if;
        return null;
      end $$`,
  `create or replace function order_lines_search() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${upsert('old.order_id', once)} end if;
        if tg_op <> 'DELETE' then ${upsert('new.order_id', once)} end if;
        return null;
      end $$`,
  `create or replace function order_lines_list_rev() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${bump('old', once)} end if;
        if tg_op <> 'DELETE' then ${bump('new', once)} end if;
        return null;
      end $$`,
];

const triggers = (deferred: string) => [
  'drop trigger orders_search on orders',
  'drop trigger order_lines_search on order_products',
  `create ${deferred ? 'constraint ' : ''}trigger orders_search after insert or delete or update of order_no, phone, real_name, remarks, vendor_id, created_at on orders ${deferred}
      for each row execute function orders_search()`,
  `create ${deferred ? 'constraint ' : ''}trigger order_lines_search after insert or update or delete on order_products ${deferred}
      for each row execute function order_lines_search()`,
];

export async function up(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  for (const s of [...functions(true), ...triggers('deferrable initially deferred')]) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<any>) {
  if (!(await isPostgres(db))) return;
  for (const s of [...functions(false), ...triggers('')]) await sql.raw(s).execute(db);
}
