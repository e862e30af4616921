import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { ASSET_CACHE, PAGE_CACHE } from '../src/plugins/web-app';
import { get, startTestApp, type TestApp } from './helper';

// Security headers and caching (decision 118) on the portal's page, its assets and the API.

/** The CSP as directive → sources. */
function csp(header: unknown) {
  const out: Record<string, string[]> = {};
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

function webDist(dir: string) {
  const dist = join(dir, 'web');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log("portal")');
  writeFileSync(join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

describe('security headers, local storage, no chat script', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-web-'));
    t = await startTestApp({ WEB_DIST: webDist(dir) });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const paths: Array<[string, number[]]> = [
    ['/', [200]],
    ['/index.html', [200]],
    ['/assets/index-Ab12Cd34.js', [200]],
    ['/logo.svg', [200]],
    [API.captchaImage, [200]],
    [API.noticeList, [200]],
    ['/api/no-such-route', [404]],
    ['/files/common/2026/11/none.png', [403, 404]],
  ];

  it.each(paths)('%s carries the CSP, nosniff, a referrer policy and refuses framing', async (path, statuses) => {
    const r = await t.app.inject({ method: 'GET', url: path });
    expect(statuses).toContain(r.statusCode);
    const h = r.headers;
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['x-frame-options']).toBe('DENY');
    const p = csp(h['content-security-policy']);
    expect(p['frame-ancestors']).toEqual(["'none'"]);
    expect(p['default-src']).toEqual(["'self'"]);
    expect(p['script-src']).toEqual(["'self'"]);
    expect(p['object-src']).toEqual(["'none'"]);
    expect(p['img-src']).toEqual(["'self'", 'data:']);
    expect(p['connect-src']).toEqual(["'self'"]);
    expect(p['media-src']).toEqual(["'self'"]);
    expect(p['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(p['frame-src']).toEqual(["'none'"]);
  });

  it('no source is a wildcard, a scheme or unsafe for scripts', async () => {
    const p = csp((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    const all = Object.values(p).flat();
    expect(all.filter((s) => s === '*' || s === 'https:' || s === 'http:' || s === "'unsafe-eval'")).toEqual([]);
    expect(p['script-src']).not.toContain("'unsafe-inline'");
  });

  it('caches hashed assets for a year as immutable, and never index.html', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' })).headers['cache-control']).toBe(ASSET_CACHE);
    expect(ASSET_CACHE).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/logo.svg']) {
      expect((await t.app.inject({ method: 'GET', url: path })).headers['cache-control']).toBe(PAGE_CACHE);
    }
    expect(PAGE_CACHE).toBe('no-cache');
  });

  it('a signed API answer carries the headers too', async () => {
    const r = await get(t, API.captchaImage);
    expect(r.body.code).toBe(200);
    expect(r.res.headers['x-content-type-options']).toBe('nosniff');
    expect(csp(r.res.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
  });
});

describe('security headers with object storage and a chat script', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      CHAT_SCRIPT_URL: 'https://chat.example.com/widget/loader.js?site=1',
      STORAGE_DRIVER: 'oss',
      OSS_BUCKET_URL: 'https://portal-files.oss-cn-shanghai.aliyuncs.com',
      OSS_ACCESS_KEY_ID: 'AKID',
      OSS_ACCESS_KEY_SECRET: 'secret',
      FILE_ROOT_URL: 'https://portal-files.oss-cn-shanghai.aliyuncs.com',
    });
  });
  afterAll(async () => t?.close());

  it('allows exactly the chat-script origin for scripts and the bucket origin for files', async () => {
    const p = csp((await t.app.inject({ method: 'GET', url: API.noticeList })).headers['content-security-policy']);
    const chat = 'https://chat.example.com';
    const bucket = 'https://portal-files.oss-cn-shanghai.aliyuncs.com';
    expect(p['script-src']).toEqual(["'self'", chat]);
    expect(p['img-src']).toEqual(["'self'", 'data:', bucket, chat]);
    expect(p['media-src']).toEqual(["'self'", bucket]);
    expect(p['connect-src']).toEqual(["'self'", bucket, chat]);
    expect(p['frame-src']).toEqual([chat]);
    expect(p['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(p['frame-ancestors']).toEqual(["'none'"]);
  });
});
