// Installs the npm dependencies when they are missing or half-installed; `npm start` and `npm test`
// both call it first, so each works on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function depsReady() {
  if (!existsSync(join(root, 'node_modules/.bin/tsx')) || !existsSync(join(root, 'node_modules/.bin/vitest'))) return false;
  // better-sqlite3 is a native addon: a half-finished install leaves it without its binary.
  return existsSync(join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'));
}

export function ensureDeps() {
  if (depsReady()) return;
  console.log('Installing dependencies (the first run compiles the SQLite driver: 1–4 minutes)…');
  const r = spawnSync('npm', [existsSync(join(root, 'package-lock.json')) ? 'ci' : 'install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('npm install failed');
    process.exit(r.status ?? 1);
  }
}
