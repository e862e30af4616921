import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { RATE_LIMITED } from '../src/plugins/rate-limit';
import { hitRateLimit } from '../src/lib/rate-limits.repository';
import { get, nextPhone, post, signedRequest, startTestApp, type TestApp } from './helper';
import { startWorkersServer, type WorkersServer } from './spawn-server';

// Limits per client address held in the database (decision 119), proved with requests fired at once.
const LIMITS = { RATE_LIMIT_CAPTCHA: '50', RATE_LIMIT_LOGIN: '5', RATE_LIMIT_SMS: '3', RATE_LIMIT_REGISTER: '4', RATE_LIMIT_WINDOW_SECONDS: '60' };

const captchaRows = async (t: TestApp) => Number((await t.db.selectFrom('captchas').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('rate limits, one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(LIMITS);
  });
  afterAll(async () => t?.close());

  it('200 captcha requests at once: exactly the limit answered, the rest refused in Chinese with nothing written', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, () => get(t, API.captchaImage)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const ok = results.filter((r) => r.body.code === 200);
    const refused = results.filter((r) => r.body.code !== 200);
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const r of refused) expect(r.body).toEqual({ code: 400, msg: RATE_LIMITED, data: null });
    expect(Number(refused[0]!.res.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused[0]!.res.headers['x-ratelimit-limit']).toBe('50');
    expect(await captchaRows(t)).toBe(50);
  });

  it('counts unsigned and malformed calls too: the limit is checked before the signature', async () => {
    const address = '10.9.9.9';
    const results = await Promise.all(Array.from({ length: 60 }, () => t.app.inject({ method: 'GET', url: API.captchaImage, remoteAddress: address })));
    expect(results.filter((r) => r.json().code === 1401)).toHaveLength(50);
    expect(results.filter((r) => r.json().msg === RATE_LIMITED)).toHaveLength(10);
  });

  it('counts per client address: another address still gets a captcha', async () => {
    const other = await t.app.inject({ method: 'GET', url: API.captchaImage, remoteAddress: '10.1.2.3', headers: signedRequest(t, 'GET', API.captchaImage).headers });
    expect(other.json().code).toBe(200);
  });

  it('password, SMS and operator logins share one limit: 30 at once, 5 reach the password check', async () => {
    const phone = nextPhone();
    const tries = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0
        ? post(t, API.login, { phone, password: 'wrong-pass', isSubAccount: false })
        : i % 3 === 1
          ? post(t, API.loginMobile, { phone, captcha: '123456', isSubAccount: false })
          : post(t, '/api/platform/login', { account: 'nobody', password: 'x' }, { role: 'platform' }),
    );
    const results = await Promise.all(tries);
    expect(results.filter((r) => r.body.msg === RATE_LIMITED)).toHaveLength(25);
    expect(results.filter((r) => r.body.msg !== RATE_LIMITED).every((r) => r.body.code === 400)).toBe(true);
  });

  it('SMS sending, registration and forgot-password are limited too', async () => {
    const sms = await Promise.all(Array.from({ length: 20 }, () => post(t, API.sendCode, { phone: nextPhone(), type: 'register', uuid: 'x', code: 'abcd' })));
    expect(sms.filter((r) => r.body.msg === RATE_LIMITED)).toHaveLength(17);
    const account = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(t, i % 2 ? API.register : API.forget, { phone: nextPhone(), captcha: '123456', password: 'secret123' })),
    );
    expect(account.filter((r) => r.body.msg === RATE_LIMITED)).toHaveLength(16);
  });

  it('HEAD requests count against the GET limit (Fastify answers HEAD with the GET handler)', async () => {
    const address = '10.7.7.7';
    const before = await captchaRows(t);
    const heads = await Promise.all(
      Array.from({ length: 100 }, () => t.app.inject({ method: 'HEAD', url: API.captchaImage, remoteAddress: address, headers: signedRequest(t, 'HEAD', API.captchaImage).headers })),
    );
    expect(heads.filter((r) => r.headers['retry-after'] !== undefined)).toHaveLength(50);
    expect((await captchaRows(t)) - before).toBe(50);
    const next = await t.app.inject({ method: 'GET', url: API.captchaImage, remoteAddress: address, headers: signedRequest(t, 'GET', API.captchaImage).headers });
    expect(next.json().msg).toBe(RATE_LIMITED);
  });

  it('a route without a limit is never refused', async () => {
    const results = await Promise.all(Array.from({ length: 100 }, () => get(t, API.noticeList)));
    expect(results.every((r) => r.body.code === 200)).toBe(true);
  });

  it('a window that has ended starts again at one; the count is one atomic step', async () => {
    const now = Date.now();
    const hits = await Promise.all(Array.from({ length: 40 }, () => hitRateLimit(t.db, 'test|window', 1000, now)));
    expect(hits.map((h) => h.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect((await hitRateLimit(t.db, 'test|window', 1000, now + 999)).current).toBe(41);
    const next = await hitRateLimit(t.db, 'test|window', 1000, now + 1000);
    expect(next).toEqual({ current: 1, ttl: 1000 });
  });
});

describe('rate limits with WORKERS=2 on one database', () => {
  let t: TestApp;
  let server: WorkersServer;
  beforeAll(async () => {
    t = await startTestApp();
    server = await startWorkersServer(t, LIMITS);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await t?.close();
  });

  it('200 captcha requests at once across both processes: exactly 50 answered', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, () => server.call('GET', API.captchaImage)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(50);
    expect(results.filter((r) => r.body.code === 400 && r.body.msg === RATE_LIMITED)).toHaveLength(150);
    expect(await captchaRows(t)).toBe(50);
  }, 60_000);

  it('with the limit used up, 100 HEAD requests at once create no captcha', async () => {
    const heads = await Promise.all(
      Array.from({ length: 100 }, () => {
        const { url, headers } = signedRequest(t, 'HEAD', API.captchaImage);
        return fetch(server.base + url, { method: 'HEAD', headers });
      }),
    );
    expect(heads.every((r) => r.headers.get('retry-after') !== null)).toBe(true);
    expect(await captchaRows(t)).toBe(50);
  }, 60_000);
});
