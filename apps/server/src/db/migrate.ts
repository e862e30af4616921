import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

const dir = join(fileURLToPath(new URL('.', import.meta.url)), 'migrations');

/** Migrations are files named YYYY-MM-DD-NNN-*.ts in db/migrations, applied in name order. */
class FolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(dir)).filter((f) => /^\d{4}-\d{2}-\d{2}-\d{3}-.+\.ts$/.test(f)).sort();
    const out: Record<string, Migration> = {};
    for (const f of files) out[f.replace(/\.ts$/, '')] = await import(pathToFileURL(join(dir, f)).href);
    return out;
  }
}

export async function migrateToLatest(db: Kysely<any>) {
  const migrator = new Migrator({ db, provider: new FolderProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
