import { sql, type Kysely } from 'kysely';

// Decision 240: a vendor's source order numbers (来源单号), each held by the first order that carries it.
// The primary key is what makes a bulk import unable to create a second order for one source number,
// also when the same file is imported twice at once. The order form may still repeat a number (a later
// repair of the same shop order); such an order simply does not hold it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_source_numbers')
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('source_num', 'varchar(100)', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_source_numbers_pk', ['vendor_id', 'source_num'])
    .execute();
  await sql`
    insert into order_source_numbers (vendor_id, source_num, order_id)
    select vendor_id, order_source_num, min(id) from orders where order_source_num <> '' group by vendor_id, order_source_num`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_source_numbers').execute();
}
