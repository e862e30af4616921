import type { Kysely } from 'kysely';

// Decision 299: each order a bulk import creates records the import (its Idempotency-Key) and the sheet rows
// it came from, in the order's own transaction. The primary key makes a run of the same import after a
// crash skip the orders the first run committed and create only the rest, on both engines.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_import_marks')
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('import_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('source_rows', 'varchar(200)', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_import_marks_pk', ['vendor_id', 'import_key', 'source_rows'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_import_marks').execute();
}
