import type { Kysely } from 'kysely';

// A stream ticket names the session that asked for it (decision 270): the open stream checks that
// session every few seconds and ends when it is gone. Tickets live a minute; an older one (0) is refused.
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('stream_tickets').addColumn('session_id', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('stream_tickets').dropColumn('session_id').execute();
}
