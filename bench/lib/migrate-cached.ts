// A cached bench database (bench/orders.ts) was migrated when it was seeded. Migrations written later
// under an earlier name (each engineer has a date prefix) would make the server's ordered migrator
// refuse it, so the bench applies whatever is pending first, in any order. Bench-only: the server
// itself keeps Kysely's ordered check.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import { connectDatabase } from '../../apps/server/src/db/connect';

const folder = fileURLToPath(new URL('../../apps/server/src/db/migrations', import.meta.url));

export async function migrateCached(url: string): Promise<string[]> {
  const { db } = await connectDatabase(url);
  try {
    const migrator = new Migrator({ db, provider: new FileMigrationProvider({ fs, path, migrationFolder: folder }), allowUnorderedMigrations: true });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error;
    // Kysely lists executed migrations by time applied, then name; equal times put them in name order,
    // which is what the server's ordered check expects.
    await sql`update kysely_migration set timestamp = (select max(timestamp) from kysely_migration)`.execute(db);
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  } finally {
    await db.destroy();
  }
}
