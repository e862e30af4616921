// `npm start`: install if needed, build the web app if it is missing or stale, then serve
// portal + API on one port with the embedded SQLite database and demo data.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDeps } from './ensure-deps.mjs';
import { ancestorsAlive, watchedAncestors } from './parent-watch.mjs';

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
  // WEB_DIST names a build of the operator's own: serve it, build nothing.
  if (process.env.WEB_DIST) return false;
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

// The server is this script's own child (node with tsx's loader, no tsx CLI process between), with
// an IPC channel: when this script ends for any reason — even SIGKILL — the channel closes and the
// server stops itself (PORTAL_STOP_WITH_PARENT, apps/server/src/server.ts). Issue 48 item 12.
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  // Demo mode unless NODE_ENV=production, which refuses demo data, the outbox and webhooks to private
  // addresses (decisions 118, 171).
  env: {
    ...(process.env.NODE_ENV === 'production' ? {} : { PORTAL_DEV_OUTBOX: '1', PORTAL_DEMO_DATA: '1', WEBHOOK_ALLOW_PRIVATE: '1' }),
    ...process.env,
    PORTAL_STOP_WITH_PARENT: '1',
  },
});

// Every signal that ends a process stops the server gracefully first (SIGINT and SIGTERM as they
// are; a closed terminal's SIGHUP and SIGQUIT as SIGTERM).
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  child.kill(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
};
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT']) process.on(sig, () => stop(sig));

// `npm start` stopped by its process id: npm may end without passing the signal on, leaving this
// script under a shell that waits for it, or under the init process. Gone ancestors: stop.
const ancestors = watchedAncestors();
setInterval(() => !ancestorsAlive(ancestors) && stop('SIGTERM'), 500).unref();

child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
