import { sql, type Kysely } from 'kysely';

// Every limit is one atomic database step (decision 112).
// - sms_send_limits: one row per phone; a conditional upsert claims a send (60 s interval, daily cap).
// - login_failures: wrong passwords per login name, per client address ('*' = every address);
//   a conditional upsert claims an attempt before the password is checked (decision 113).
// - Partial unique indexes: a main phone, a sub-account name and a sub-account phone belong to one
//   live user, however many requests race to take them.
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('sms_send_limits')
    .addColumn('phone', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('day_count', 'integer', (c) => c.notNull())
    .addColumn('last_sent_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('subject', 'varchar(80)', (c) => c.notNull())
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_failures_pk', ['subject', 'source'])
    .execute();

  await sql`create unique index users_main_phone_live on users (phone) where is_sub = 0 and deleted_at is null`.execute(db);
  await sql`create unique index users_sub_account_live on users (account) where is_sub = 1 and deleted_at is null`.execute(db);
  await sql`create unique index users_sub_phone_live on users (phone) where is_sub = 1 and deleted_at is null`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const name of ['users_main_phone_live', 'users_sub_account_live', 'users_sub_phone_live']) await sql`drop index ${sql.raw(name)}`.execute(db);
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropTable('sms_send_limits').execute();
}
