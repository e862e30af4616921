import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { RATE_LIMITS_OFF } from '../src/plugins/rate-limit';
import { signedRequest, type CallOptions, type TestApp } from './helper';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** `npm start`'s server entry as its own process (with WORKERS it forks), on `env` only plus PATH. */
export function spawnServer(env: Record<string, string>) {
  return spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves when the server prints its banner; rejects with its stderr when it exits first. */
export function untilListening(child: ChildProcess) {
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)));
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('is running at') && resolve());
  });
}

/** The exit code and stderr of a server that is expected to refuse to start. */
export function exitOf(child: ChildProcess) {
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise<{ code: number | null; stderr: string }>((resolve) => child.once('exit', (code) => resolve({ code, stderr: err })));
}

export async function stopServer(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * A server process on the test app's database (with WORKERS it forks), for what needs a real process:
 * rules that must hold across processes, signals. Its calls are signed as the web client signs them
 * and go over HTTP.
 */
export async function startTestServer(t: TestApp, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawnServer({
    ...RATE_LIMITS_OFF,
    DATABASE_URL: t.config.DATABASE_URL,
    DATA_DIR: t.config.DATA_DIR,
    WEB_DIST: t.config.WEB_DIST,
    PORT: String(port),
    PORTAL_DEMO_DATA: '0',
    PURGE_SECONDS: '0',
    ...env,
  });
  await untilListening(child);
  const base = `http://127.0.0.1:${port}`;
  return {
    child,
    port,
    base,
    async call(method: 'GET' | 'POST', path: string, body?: unknown, opts: CallOptions = {}) {
      const { url, headers, payload } = signedRequest(t, method, path, body, opts);
      const res = await fetch(base + url, { method, headers, body: payload || undefined });
      const text = await res.text();
      let json: any = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
      return { status: res.status, body: json, text };
    },
    stop: () => stopServer(child),
  };
}

/** Two server processes (WORKERS=2) on the test app's database. */
export const startWorkersServer = (t: TestApp, env: Record<string, string> = {}) => startTestServer(t, { WORKERS: '2', ...env });
export type WorkersServer = Awaited<ReturnType<typeof startWorkersServer>>;
