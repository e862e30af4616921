import { sql, type Kysely } from 'kysely';

// Decision 277: where an order's 好评推广 and 返件 stand, on the order row beside its status and node —
// 0 none (or the last one was rejected), 1 one waits for the vendor's review, 2 one was approved. The
// moves that start, approve or reject one write it in their own conditional UPDATE, so a second praise
// or return is refused whatever node a later move left.
// Orders from before: the newest record waiting → 1, else any approved → 2, else 0.

const backfill = (table: 'praise_records' | 'return_records', column: 'praise_state' | 'return_state') => sql`
  update orders set ${sql.ref(column)} = case
    when (select r.check_status from ${sql.table(table)} r where r.order_id = orders.id order by r.id desc limit 1) = 0 then 1
    when exists (select 1 from ${sql.table(table)} r where r.order_id = orders.id and r.check_status = 1) then 2
    else 0 end
  where exists (select 1 from ${sql.table(table)} r where r.order_id = orders.id)`;

export async function up(db: Kysely<any>) {
  await db.schema.alterTable('orders').addColumn('praise_state', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('return_state', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await backfill('praise_records', 'praise_state').execute(db);
  await backfill('return_records', 'return_state').execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('orders').dropColumn('return_state').execute();
  await db.schema.alterTable('orders').dropColumn('praise_state').execute();
}
