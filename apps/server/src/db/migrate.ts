import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

const dir = join(fileURLToPath(new URL('.', import.meta.url)), 'migrations');

// The sources run under tsx (.ts); the production build runs them compiled (.js, decision 155).
const MIGRATION_FILE = /^(\d{4}-\d{2}-\d{2}-\d{3}-.+?)(?<!\.d)\.(ts|js)$/;
const nameOf = (file: string) => MIGRATION_FILE.exec(file)![1]!;

const migrationFiles = async () => (await readdir(dir)).filter((f) => MIGRATION_FILE.test(f)).sort();

/** Migrations are files named YYYY-MM-DD-NNN-*.ts (compiled: .js) in db/migrations, applied in name order. */
class FolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = await migrationFiles();
    const out: Record<string, Migration> = {};
    for (const f of files) out[nameOf(f)] = await import(pathToFileURL(join(dir, f)).href);
    return out;
  }
}

const migratorOf = (db: Kysely<any>) => new Migrator({ db, provider: new FolderProvider() });

/** Applies every pending migration in name order; answers the names it applied. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await migratorOf(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export interface MigrationState {
  name: string;
  /** When it was applied; null while pending. */
  executedAt: Date | null;
}

/** Every migration of the folder with when it was applied (null: pending), in name order. */
export async function migrationStatus(db: Kysely<any>): Promise<MigrationState[]> {
  const all = await migratorOf(db).getMigrations();
  return all.map((m) => ({ name: m.name, executedAt: m.executedAt ?? null }));
}

let folderNames: Promise<string[]> | null = null;

/**
 * The folder's migrations not recorded as applied: one select on Kysely's table, for /api/ready (the
 * folder is read once per process; a missing table throws, which answers "not ready" too).
 */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  folderNames ??= migrationFiles().then((files) => files.map(nameOf));
  const applied = new Set((await db.selectFrom('kysely_migration').select('name').execute()).map((r: { name: string }) => r.name));
  return (await folderNames).filter((name) => !applied.has(name));
}
