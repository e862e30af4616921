import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './helpers';

// Issue 46, automatic timeliness credit (decisions 257–259). One rule per service type and stage;
// one credit per order and stage — the unique index is the step that makes two sweeps (or a sweep
// and a move) pay once.
export async function up(db: Kysely<any>) {
  const pg = await isPostgres(db);
  await withId(db.schema.createTable('timeliness_credit_rules'), pg)
    .addColumn('service_type', 'integer', (c) => c.notNull())
    .addColumn('stage', 'varchar(20)', (c) => c.notNull())
    /** hours; null: the platform-wide target */
    .addColumn('promise_hours', 'integer')
    /** fixed | share */
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cap_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    /** stages due before the rule existed are not credited by it */
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await sql`create unique index timeliness_credit_rules_key on timeliness_credit_rules (service_type, stage)`.execute(db);

  await withId(db.schema.createTable('timeliness_credits'), pg)
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_id', 'integer', (c) => c.notNull())
    .addColumn('stage', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('due_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('record_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await sql`create unique index timeliness_credits_once on timeliness_credits (order_id, stage)`.execute(db);
  await sql`create index timeliness_credits_vendor on timeliness_credits (vendor_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('timeliness_credits').execute();
  await db.schema.dropTable('timeliness_credit_rules').execute();
}
