import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/db/connect';
import { createTestDatabase } from './helper';
import { freePort, stopServer, untilListening } from './spawn-server';

// Issue #16, decision 155: production runs the compiled server (`npm run build:server`, then
// `NODE_ENV=production node apps/server/dist/server.js`) — no tsx, no TypeScript at run time. The build
// goes to a private folder inside the repository (packages load from its node_modules); the compiled
// server migrates a fresh database (SQLite, or PostgreSQL with TEST_DATABASE=postgres) from the
// compiled .js migrations and answers /api/ready.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const out = join(root, '.tmp', `server-build-${process.pid}`);
const migrationNames = readdirSync(join(root, 'apps/server/src/db/migrations'))
  .filter((f) => /^\d{4}-\d{2}-\d{2}-\d{3}-.+\.ts$/.test(f))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

describe('compiled production server', () => {
  let url = '';
  let dir = '';
  let cleanup = async () => {};
  beforeAll(async () => {
    const db = await createTestDatabase('portal_build');
    ({ url, dir } = db);
    cleanup = db.drop;
  });
  afterAll(async () => {
    rmSync(out, { recursive: true, force: true });
    await cleanup();
  });

  it('builds to JavaScript, migrates with the .js migrations and answers /api/ready', async () => {
    const build = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs'), out], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect(build.status, build.stderr).toBe(0);
    const compiled = readdirSync(join(out, 'db/migrations'));
    expect(compiled.filter((f) => f.endsWith('.ts'))).toEqual([]);
    expect(compiled.filter((f) => /^\d{4}-.+\.js$/.test(f)).map((f) => f.replace(/\.js$/, '')).sort()).toEqual(migrationNames);

    const port = await freePort();
    const child = spawn(process.execPath, [join(out, 'server.js')], {
      cwd: root,
      // No NODE_OPTIONS, no --import tsx: plain Node on plain JavaScript.
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        SIGN_KEY: 'layers-production-build-test-key',
        FILE_URL_SECRET: 'a'.repeat(24) + 'b'.repeat(24),
        PUBLIC_URL: 'https://portal.example.com',
        DATABASE_URL: url,
        DATA_DIR: join(dir, 'data'),
        WEB_DIST: join(dir, 'no-web'),
        PORT: String(port),
        LOG_LEVEL: 'silent',
        PURGE_SECONDS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await untilListening(child);
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ code: 200, data: { status: 'ready', database: 'ok' } });
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect((await health.json()).data.pid).toBe(child.pid);
    } finally {
      await stopServer(child);
    }
    expect(child.exitCode).toBe(0);

    // Every migration was applied by name, exactly as the sources would have recorded it.
    const handle = await connectDatabase(url);
    try {
      const rows = await handle.db.selectFrom('kysely_migration' as any).select('name').orderBy('name').execute();
      expect(rows.map((r: any) => r.name)).toEqual(migrationNames);
    } finally {
      await handle.db.destroy();
    }
  }, 180_000);
});
