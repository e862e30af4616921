import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 48 item 12: `npm start` stopped by its process id, with whatever signal, leaves no server
// running — npm's own pid (SIGTERM, SIGKILL) or the start script's (SIGKILL, SIGHUP). Linux: the
// process tree is read from /proc.

const ROOT = resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const started: ChildProcess[] = [];
afterAll(() => {
  for (const c of started) if (c.pid) killTree(c.pid);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Proc { pid: number; ppid: number; state: string; cmd: string }
function processes(): Proc[] {
  const out: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      out.push({ pid: Number(name), ppid: Number(rest[1]), state: rest[0]!, cmd });
    } catch {
      // ended while we looked
    }
  }
  return out;
}
function descendants(pid: number): Proc[] {
  const all = processes();
  const found: Proc[] = [];
  const walk = (p: number) => all.filter((c) => c.ppid === p).forEach((c) => (found.push(c), walk(c.pid)));
  walk(pid);
  return found;
}
/** Running (a zombie waits only for its reaper: it serves nothing). */
const alive = (pid: number) => processes().some((p) => p.pid === pid && p.state !== 'Z');
function killTree(pid: number) {
  for (const p of [...descendants(pid), { pid }]) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
const portOpen = (port: number) =>
  new Promise<boolean>((done) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), done(true)));
    s.once('error', () => done(false));
  });

/** `npm start` on a fresh SQLite file and a free port; resolves once the banner names the port. */
async function npmStart() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-start-'));
  dirs.push(dir);
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATABASE_URL: join(dir, 'portal.sqlite'), DATA_DIR: join(dir, 'data'), WEB_DIST: join(dir, 'web'), PORTAL_DEMO_DATA: '0', LOG_LEVEL: 'warn' };
  delete env.NODE_ENV; // as a person runs it (vitest sets 'test')
  const npm = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  started.push(npm);
  let output = '';
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`npm start printed no address:\n${output}`)), 90_000);
    const read = (b: Buffer) => {
      output += b.toString();
      const m = /is running at http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (!m) return;
      clearTimeout(timer);
      done(Number(m[1]));
    };
    npm.stdout!.on('data', read);
    npm.stderr!.on('data', read);
  });
  const tree = descendants(npm.pid!);
  const script = tree.find((p) => p.cmd.includes('scripts/start.mjs') && !p.cmd.startsWith('sh'))!;
  const server = tree.find((p) => p.cmd.includes('apps/server/src/server.ts'))!;
  expect(script && server, JSON.stringify(tree)).toBeTruthy();
  expect(await portOpen(port)).toBe(true);
  return { npm: npm.pid!, script: script.pid, server: server.pid, tree: [npm.pid!, ...tree.map((p) => p.pid)], port };
}

async function expectAllStopped(s: Awaited<ReturnType<typeof npmStart>>) {
  await expect.poll(() => s.tree.filter(alive), { timeout: 30_000, interval: 250 }).toEqual([]);
  expect(await portOpen(s.port)).toBe(false);
}

// The start script is the same on both engines: run it once, with the SQLite suite.
describe.skipIf(process.env.TEST_DATABASE === 'postgres')('npm start stops its server whatever signal ends it', () => {
  it('SIGTERM to npm’s own process id', async () => {
    const s = await npmStart();
    process.kill(s.npm, 'SIGTERM');
    await expectAllStopped(s);
  }, 150_000);

  it('SIGKILL to npm’s own process id', async () => {
    const s = await npmStart();
    process.kill(s.npm, 'SIGKILL');
    await expectAllStopped(s);
  }, 150_000);

  it('SIGKILL to the start script', async () => {
    const s = await npmStart();
    process.kill(s.script, 'SIGKILL');
    await expectAllStopped(s);
  }, 150_000);

  it('SIGHUP to the start script (its terminal closed)', async () => {
    const s = await npmStart();
    process.kill(s.script, 'SIGHUP');
    await expectAllStopped(s);
  }, 150_000);
});
