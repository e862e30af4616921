// `npm start`: install if needed, build the web app if it is missing or stale, then serve
// portal + API on one port with the embedded SQLite database and demo data.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDeps } from './ensure-deps.mjs';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args, env = {}) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function webStale() {
  const index = join(root, 'apps/web/dist/index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return ['apps/web/src', 'apps/web/index.html', 'packages/domain/src'].some((p) => {
    const full = join(root, p);
    return existsSync(full) && (statSync(full).isDirectory() ? newestMtime(full) : statSync(full).mtimeMs) > built;
  });
}

ensureDeps();
if (webStale()) {
  console.log('Building the web app…');
  run('npm', ['run', 'build:web']);
}

const child = spawn(join(root, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  // Demo mode unless NODE_ENV=production, which refuses demo data, the outbox and webhooks to private
  // addresses (decisions 118, 171).
  env: { ...(process.env.NODE_ENV === 'production' ? {} : { PORTAL_DEV_OUTBOX: '1', PORTAL_DEMO_DATA: '1', WEBHOOK_ALLOW_PRIVATE: '1' }), ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
