import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect';
import { createTestDatabase } from './helper';

// Issue #16, decision 135: `npm run migrate` and `npm run migrate:status` (root package.json) on a
// fresh database — SQLite by default, PostgreSQL with TEST_DATABASE=postgres — through npm itself.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const migrationNames = readdirSync(join(root, 'apps/server/src/db/migrations'))
  .filter((f) => /^\d{4}-\d{2}-\d{2}-\d{3}-.+\.ts$/.test(f))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

function npmRun(script: string, databaseUrl: string) {
  const r = spawnSync('npm', ['run', '--silent', script], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const lines = (out: string, word: 'applied' | 'pending') => out.split('\n').filter((l) => l.startsWith(`  ${word}  `)).map((l) => l.trim().split(/\s+/)[1]);

describe('npm run migrate / migrate:status', () => {
  let url = '';
  let cleanup = async () => {};
  beforeAll(async () => {
    const db = await createTestDatabase('portal_migrate');
    url = db.url;
    cleanup = db.drop;
  });
  afterAll(async () => {
    await cleanup();
  });

  it('status, migrate, status, migrate again, and a pending one listed', async () => {
    expect(migrationNames.length).toBeGreaterThan(10);

    const before = npmRun('migrate:status', url);
    expect(before.code, before.err).toBe(0);
    expect(lines(before.out, 'pending')).toEqual(migrationNames);
    expect(lines(before.out, 'applied')).toEqual([]);
    expect(before.out).toContain(`0 applied, ${migrationNames.length} pending`);

    const up = npmRun('migrate', url);
    expect(up.code, up.err).toBe(0);
    expect(lines(up.out, 'applied')).toEqual(migrationNames);

    const after = npmRun('migrate:status', url);
    expect(after.code, after.err).toBe(0);
    expect(lines(after.out, 'applied')).toEqual(migrationNames);
    expect(lines(after.out, 'pending')).toEqual([]);
    expect(after.out).toMatch(/applied {2}\S+ {2}\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);

    const again = npmRun('migrate', url);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(/Nothing to apply/);

    // The database's own record says which are applied: remove the last one's row, it is pending again.
    const last = migrationNames.at(-1)!;
    const handle = await connectDatabase(url);
    try {
      await handle.db.deleteFrom('kysely_migration' as any).where('name', '=', last).execute();
    } finally {
      await handle.db.destroy();
    }
    const one = npmRun('migrate:status', url);
    expect(lines(one.out, 'pending')).toEqual([last]);
    expect(one.out).toContain(`${migrationNames.length - 1} applied, 1 pending`);
  }, 240_000);

  it('refuses an unknown command with the usage, exit 1', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/cli/migrate.ts'), 'down'], { cwd: root, env: { PATH: process.env.PATH ?? '', DATABASE_URL: url }, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/usage: npm run migrate/);
  });

  it('a database that cannot be reached: a one-line error, exit 1', () => {
    const r = npmRun('migrate:status', 'postgres://postgres@127.0.0.1:1/portal');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^migrate: /m);
  });
});
