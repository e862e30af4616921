import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, PLATFORM_API } from '@portal/domain/api-paths';
import { DEFAULT_SIGN_KEY } from '@portal/domain/signature';
import { loadConfig } from '../src/config';
import { verifyPassword } from '../src/lib/passwords';
import { startTestApp, type TestApp } from './helper';
import { exitOf, freePort, spawnServer, stopServer, untilListening } from './spawn-server';

// NODE_ENV=production refuses unsafe settings, each named (decision 118); operators come from
// `npm run operator:create`, never from a seed.

const SAFE = { NODE_ENV: 'production', SIGN_KEY: 'a-key-of-our-own-2026', FILE_URL_SECRET: '3f6c1d0e9b8a7f6e5d4c3b2a19087f6e', PUBLIC_URL: 'https://portal.example.com' };

describe('production configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const db = () => ({ DATABASE_URL: t.config.DATABASE_URL, DATA_DIR: t.config.DATA_DIR, WEB_DIST: t.config.WEB_DIST });

  const unsafe: Array<[string, Record<string, string>, RegExp]> = [
    ['the default SIGN_KEY', { NODE_ENV: 'production' }, /SIGN_KEY: the default signing key is public/],
    ['the default SIGN_KEY given explicitly', { ...SAFE, SIGN_KEY: DEFAULT_SIGN_KEY }, /SIGN_KEY: the default signing key is public/],
    ['the default FILE_URL_SECRET', { ...SAFE, FILE_URL_SECRET: '' }, /FILE_URL_SECRET: file links are signed with it/],
    ['PORTAL_DEMO_DATA=1', { ...SAFE, PORTAL_DEMO_DATA: '1' }, /PORTAL_DEMO_DATA=1/],
    ['PORTAL_DEV_OUTBOX=1', { ...SAFE, PORTAL_DEV_OUTBOX: '1' }, /PORTAL_DEV_OUTBOX=1/],
    ['WEBHOOK_ALLOW_PRIVATE=1', { ...SAFE, WEBHOOK_ALLOW_PRIVATE: '1' }, /WEBHOOK_ALLOW_PRIVATE=1/],
    ['no PUBLIC_URL (the customers links)', { ...SAFE, PUBLIC_URL: '' }, /PUBLIC_URL: the links texted to customers/],
    ['STORAGE_DRIVER=oss without a bucket', { ...SAFE, STORAGE_DRIVER: 'oss', OSS_ACCESS_KEY_ID: 'AKID', OSS_ACCESS_KEY_SECRET: 's' }, /STORAGE_DRIVER=oss: OSS_BUCKET_URL is not set/],
    ['STORAGE_DRIVER=oss without keys', { ...SAFE, STORAGE_DRIVER: 'oss', OSS_BUCKET_URL: 'https://b.example.com' }, /OSS_ACCESS_KEY_ID, OSS_ACCESS_KEY_SECRET are not set/],
  ];

  it.each(unsafe)('refuses to start with %s, naming the setting', async (_name, env, message) => {
    const r = await exitOf(spawnServer({ ...db(), ...env, PORT: '0' }));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Refusing to start with NODE_ENV=production/);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack
  }, 30_000);

  it('lists every unsafe setting at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PORTAL_DEMO_DATA: '1', PORTAL_DEV_OUTBOX: '1', STORAGE_DRIVER: 'oss' })).toThrow(
      /SIGN_KEY[\s\S]*PORTAL_DEMO_DATA=1[\s\S]*PORTAL_DEV_OUTBOX=1[\s\S]*OSS_BUCKET_URL, OSS_ACCESS_KEY_ID, OSS_ACCESS_KEY_SECRET/,
    );
  });

  it('defaults demo data and the outbox off in production, on elsewhere', () => {
    const prod = loadConfig(SAFE);
    expect([prod.PORTAL_DEMO_DATA, prod.PORTAL_DEV_OUTBOX]).toEqual([false, false]);
    const dev = loadConfig({});
    expect([dev.PORTAL_DEMO_DATA, dev.PORTAL_DEV_OUTBOX]).toEqual([true, true]);
  });

  it('refuses a chat script URL that is not http(s)', () => {
    expect(() => loadConfig({ CHAT_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(/CHAT_SCRIPT_URL must be an http\(s\) URL/);
  });

  describe('a safe production start on an empty database', () => {
    let child: ChildProcess;
    let base: string;
    beforeAll(async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      child = spawnServer({ ...db(), ...SAFE, PORT: String(port) });
      await untilListening(child);
    }, 60_000);
    afterAll(async () => stopServer(child));

    it('seeds no vendor and no operator, and serves no development outbox', async () => {
      expect(await t.db.selectFrom('operators').select('id').execute()).toEqual([]);
      expect(await t.db.selectFrom('vendors').select('id').execute()).toEqual([]);
      expect((await fetch(`${base}${API.devOutbox}?phone=13800138000`)).status).toBe(404);
      const health = await fetch(`${base}${PLATFORM_API.login}`, { method: 'POST' });
      expect(health.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    });

    it('npm run operator:create makes the first operator, with the password from standard input', async () => {
      const root = fileURLToPath(new URL('../../..', import.meta.url));
      const run = (args: string[], input: string) => {
        const c = spawn('npm', ['run', '-s', 'operator:create', '--', ...args], {
          cwd: root,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...db(), ...SAFE },
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        let out = '';
        c.stdout.on('data', (d: Buffer) => (out += d.toString()));
        c.stdin.end(input);
        return exitOf(c).then((r) => ({ ...r, out }));
      };
      const made = await run(['--account', 'chief', '--name', '运营主管'], 'a-long-password-1\n');
      expect(made.code).toBe(0);
      expect(made.out).toMatch(/Operator chief created/);
      const op = await t.db.selectFrom('operators').selectAll().where('account', '=', 'chief').executeTakeFirstOrThrow();
      expect(op.name).toBe('运营主管');
      expect(await verifyPassword('a-long-password-1', op.password_hash)).toBe(true);

      const again = await run(['--account', 'chief', '--name', 'x'], 'another-password-2\n');
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/an operator named chief already exists/);
      const short = await run(['--account', 'second', '--name', 'x'], 'short\n');
      expect(short.code).toBe(1);
      expect(short.stderr).toMatch(/password must be/);
      const none = await run(['--account', 'third', '--name', 'x'], '');
      expect(none.code).toBe(1);
      expect(await t.db.selectFrom('operators').select('account').execute()).toEqual([{ account: 'chief' }]);
    }, 60_000);
  });
});
