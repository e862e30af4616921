import { request } from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, OPS_API } from '@portal/domain/api-paths';
import { signedRequest, startTestApp, type TestApp } from './helper';
import { startTestServer, stopServer } from './spawn-server';

// Issue #16, decision 134: on SIGTERM the server stops accepting, lets the requests in flight finish
// (up to SHUTDOWN_TIMEOUT_SECONDS), closes the database and exits 0; with WORKERS=2 the primary
// forwards the signal and waits for its workers. A real server process, a real slow request: its
// body arrives in two parts, and the signal is sent between them.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
    child.exitCode !== null ? resolve({ code: child.exitCode, signal: null, at: Date.now() }) : child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );

/** A signed login whose body is sent in two parts: `finish()` sends the rest; `answer` is the reply. */
function slowLogin(t: TestApp, port: number) {
  const { url, headers, payload } = signedRequest(t, 'POST', API.login, { username: 'nobody-here', password: 'wrong-password', code: '0000', uuid: 'x' });
  const half = Math.floor(payload.length / 2);
  const req = request({ host: '127.0.0.1', port, path: url, method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(payload)) } });
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
  });
  answer.catch(() => undefined);
  req.write(payload.slice(0, half));
  return { answer, finish: () => req.end(payload.slice(half)) };
}

/** True when a new connection is refused (the port stopped accepting). */
const refused = (base: string) =>
  fetch(base + OPS_API.health, { signal: AbortSignal.timeout(2000) }).then(
    () => false,
    () => true,
  );

describe('graceful shutdown', () => {
  let t: TestApp;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const c of children) await stopServer(c);
    await t?.close();
  });

  for (const workers of ['1', '2']) {
    it(`WORKERS=${workers}: SIGTERM lets the request in flight finish, refuses new connections, exits 0`, async () => {
      const { child, base, port } = await startTestServer(t, { WORKERS: workers, SHUTDOWN_TIMEOUT_SECONDS: '20' });
      children.push(child);
      const exited = exitOf(child);
      expect((await fetch(base + OPS_API.health)).status).toBe(200);
      const slow = slowLogin(t, port);
      await sleep(300); // the headers are in: the request is being read
      child.kill('SIGTERM');
      await sleep(700);
      expect(child.exitCode).toBeNull(); // still waiting for the request in flight
      expect(await refused(base)).toBe(true);
      slow.finish();
      const { status, body } = await slow.answer;
      const answeredAt = Date.now();
      expect(status).toBe(200);
      expect(body.code).not.toBe(500);
      expect(typeof body.msg).toBe('string');
      const end = await exited;
      expect(end).toMatchObject({ code: 0, signal: null });
      expect(end.at - answeredAt).toBeLessThan(3000); // stops once the request is answered, not at the timeout
    }, 60_000);
  }

  it('a request that outlives SHUTDOWN_TIMEOUT_SECONDS is cut and the process still ends (exit 1)', async () => {
    const { child, port } = await startTestServer(t, { WORKERS: '1', SHUTDOWN_TIMEOUT_SECONDS: '1' });
    children.push(child);
    const exited = exitOf(child);
    const slow = slowLogin(t, port);
    await sleep(300);
    const sent = Date.now();
    child.kill('SIGTERM');
    const end = await exited;
    await expect(slow.answer).rejects.toThrow(); // its connection was closed unanswered
    expect(end.code).toBe(1);
    expect(end.at - sent).toBeGreaterThanOrEqual(900);
    expect(end.at - sent).toBeLessThan(8000);
  }, 60_000);

  it('an idle server stops at once with exit 0 (SIGINT too)', async () => {
    const { child } = await startTestServer(t, { WORKERS: '1' });
    children.push(child);
    const exited = exitOf(child);
    const sent = Date.now();
    child.kill('SIGINT');
    const end = await exited;
    expect(end.code).toBe(0);
    expect(end.at - sent).toBeLessThan(5000);
  }, 60_000);
});
