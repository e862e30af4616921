import type { Kysely } from 'kysely';
import { isPostgres, withId } from './helpers';

export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);

  // Every stored upload and who owns it: records may only reference their vendor's own files.
  await withId(db.schema.createTable('files'), pg)
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('dir', 'varchar(20)', (c) => c.notNull())
    .addColumn('path', 'varchar(300)', (c) => c.notNull().unique())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_vendor_path').on('files').columns(['vendor_id', 'path']).execute();

  await withId(db.schema.createTable('knowledge_items'), pg)
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('file_url', 'varchar(300)', (c) => c.notNull())
    .addColumn('file_type', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('knowledge_items_vendor').on('knowledge_items').columns(['vendor_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('knowledge_items').ifExists().execute();
  await db.schema.dropTable('files').ifExists().execute();
}
