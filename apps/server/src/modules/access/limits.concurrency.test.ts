import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, PLATFORM_API } from '@portal/domain/api-paths';
import { SUB_ACCOUNT_TAKEN } from '@portal/domain/accounts';
import { MSG } from '@portal/domain/messages';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { createOperator, createSubAccount, createVendor, lastSmsCode, nextPhone, smsCodeFor, solveCaptcha, startTestApp, type TestApp } from '../../../test/helper';
import { startWorkersServer, type WorkersServer } from '../../../test/spawn-server';
import { RATE_LIMITS_OFF } from '../../plugins/rate-limit';
import { CAPTCHA_EXPIRED } from '../../lib/captcha';
import { LOCK_MINUTES, lockedMessage, MAX_FAILED_LOGINS, WRONG_CREDENTIALS } from './lockout';
import { SMS_DAILY_CAP, SMS_DAILY_LIMIT, SMS_EXPIRED, SMS_MAX_ATTEMPTS, SMS_TOO_FREQUENT, SMS_WRONG } from './sms-code.service';

// Every limit is one atomic database step (decision 112): each case fires its requests at once
// (Promise.all), first at one process, then at a real WORKERS=2 server on the same database.

interface Envelope {
  code: number;
  msg: string;
  data: any;
}
interface CallOpts {
  token?: string;
  role?: string;
  /** Client address: in-process the socket's; the spawned server believes X-Forwarded-For from 127.0.0.1 (TRUST_PROXY). */
  ip?: string;
}
interface Api {
  post(path: string, body: unknown, opts?: CallOpts): Promise<Envelope>;
  get(path: string, opts?: CallOpts): Promise<Envelope>;
}

// The per-address rate limits (issue 14) are off here: these cases measure the database's limits.
const NO_RATE_LIMITS = RATE_LIMITS_OFF;

function headersFor(t: TestApp, method: string, path: string, payload: string, opts: CallOpts) {
  const timestamp = String(freshTimestamp());
  const token = opts.token ?? '';
  return {
    role: opts.role ?? 'manufacturer',
    timestamp,
    token,
    signature: sign(t.config.SIGN_KEY, { method, path, rawQuery: '', timestamp, token, body: payload }),
    ...(payload ? { 'content-type': 'application/json' } : {}),
  };
}

function inProcess(t: TestApp): Api {
  const call = async (method: 'GET' | 'POST', path: string, body: unknown, opts: CallOpts = {}) => {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const res = await t.app.inject({ method, url: path, headers: headersFor(t, method, path, payload, opts), payload: payload || undefined, remoteAddress: opts.ip });
    return res.json() as Envelope;
  };
  return { post: (p, b, o) => call('POST', p, b, o), get: (p, o) => call('GET', p, undefined, o) };
}

function overHttp(t: TestApp, base: string): Api {
  const call = async (method: 'GET' | 'POST', path: string, body: unknown, opts: CallOpts = {}) => {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const headers = { ...headersFor(t, method, path, payload, opts), ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}) };
    const res = await fetch(base + path, { method, headers, body: payload || undefined });
    return (await res.json()) as Envelope;
  };
  return { post: (p, b, o) => call('POST', p, b, o), get: (p, o) => call('GET', p, undefined, o) };
}

const wrongCodes = (real: string, n: number) => {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const c = String(i).padStart(6, '0');
    if (c !== real) out.push(c);
  }
  return out;
};
const serverErrors = (rs: Envelope[]) => rs.filter((r) => r.code !== 200 && r.code !== 400);
const count = (rs: Envelope[], msg: string) => rs.filter((r) => r.msg === msg).length;
const captchas = (t: TestApp, n: number) => Promise.all(Array.from({ length: n }, () => solveCaptcha(t)));

/** The cases, each run against one process and against WORKERS=2. */
function limitCases(ctx: () => { t: TestApp; api: Api }) {
  it('200 parallel forgot-password guesses with the real code among them: at most the cap checked, none accepted after it', async () => {
    const { t, api } = ctx();
    const v = await createVendor(t);
    const real = await smsCodeFor(t, v.phone, 'forget');
    const guesses = [...wrongCodes(real, 199), real];
    const rs = await Promise.all(guesses.map((captcha) => api.post(API.forget, { phone: v.phone, captcha, password: 'stolen99' })));
    expect(serverErrors(rs)).toEqual([]);
    const accepted = rs.filter((r) => r.code === 200).length;
    expect(count(rs, SMS_WRONG) + accepted).toBeLessThanOrEqual(SMS_MAX_ATTEMPTS);
    expect(count(rs, SMS_EXPIRED) + count(rs, SMS_WRONG) + accepted).toBe(200);
    // After the cap the real code is refused; the password changed only if the real code was among the first checked.
    expect((await api.post(API.forget, { phone: v.phone, captcha: real, password: 'stolen99' })).msg).toBe(SMS_EXPIRED);
    const oldLogin = await api.post(API.login, { phone: v.phone, password: v.password, isSubAccount: false });
    expect(oldLogin.code).toBe(accepted ? 400 : 200);
  }, 30_000);

  it('300 parallel SMS-login guesses: at most the cap checked', async () => {
    const { t, api } = ctx();
    const v = await createVendor(t);
    const real = await smsCodeFor(t, v.phone, 'login');
    const rs = await Promise.all([...wrongCodes(real, 299), real].map((captcha) => api.post(API.loginMobile, { phone: v.phone, captcha, isSubAccount: false })));
    expect(serverErrors(rs)).toEqual([]);
    const accepted = rs.filter((r) => r.code === 200).length;
    expect(count(rs, SMS_WRONG) + accepted).toBeLessThanOrEqual(SMS_MAX_ATTEMPTS);
    expect((await api.post(API.loginMobile, { phone: v.phone, captcha: real, isSubAccount: false })).msg).toBe(SMS_EXPIRED);
  }, 30_000);

  it('100 parallel registration guesses and 100 parallel password-change guesses: at most the cap checked', async () => {
    const { t, api } = ctx();
    const phone = nextPhone();
    const real = await smsCodeFor(t, phone, 'register');
    const reg = await Promise.all([...wrongCodes(real, 99), real].map((captcha) => api.post(API.register, { phone, captcha, company: '抢注店', password: 'abc12345' })));
    expect(serverErrors(reg)).toEqual([]);
    expect(count(reg, SMS_WRONG) + reg.filter((r) => r.code === 200).length).toBeLessThanOrEqual(SMS_MAX_ATTEMPTS);

    const v = await createVendor(t);
    const cap = await solveCaptcha(t);
    expect((await api.post(API.sendOldPhoneCode, { ...cap, type: 'forget' }, { token: v.token })).code).toBe(200);
    const code = await lastSmsCode(t.db, v.phone);
    const upd = await Promise.all([...wrongCodes(code, 99), code].map((captcha) => api.post(API.updatePass, { captcha, password: 'changed99' }, { token: v.token })));
    expect(serverErrors(upd)).toEqual([]);
    expect(count(upd, SMS_WRONG) + upd.filter((r) => r.code === 200).length).toBeLessThanOrEqual(SMS_MAX_ATTEMPTS);
  }, 30_000);

  it('15 parallel sendCode for one phone, each with its own captcha: exactly one code sent', async () => {
    const { t, api } = ctx();
    const v = await createVendor(t);
    const caps = await captchas(t, 15);
    const rs = await Promise.all(caps.map((cap) => api.post(API.sendCode, { ...cap, phone: v.phone, type: 'forget' })));
    expect(serverErrors(rs)).toEqual([]);
    expect(rs.filter((r) => r.code === 200)).toHaveLength(1);
    expect(count(rs, SMS_TOO_FREQUENT)).toBe(14);
    const sent = await t.db.selectFrom('sms_outbox').select('id').where('phone', '=', v.phone).execute();
    expect(sent).toHaveLength(1);
  }, 30_000);

  it('the daily SMS cap holds under parallel sends', async () => {
    const { t, api } = ctx();
    const v = await createVendor(t);
    // Already SMS_DAILY_CAP - 1 sent today, the last one long ago.
    await smsCodeFor(t, v.phone, 'forget');
    const longAgo = new Date(Date.now() - 3600_000).toISOString();
    await t.db.updateTable('sms_send_limits').set({ day_count: SMS_DAILY_CAP - 1, last_sent_at: longAgo }).where('phone', '=', v.phone).execute();
    const rs = await Promise.all((await captchas(t, 10)).map((cap) => api.post(API.sendCode, { ...cap, phone: v.phone, type: 'forget' })));
    expect(serverErrors(rs)).toEqual([]);
    expect(rs.filter((r) => r.code === 200)).toHaveLength(1);
    await t.db.updateTable('sms_send_limits').set({ last_sent_at: longAgo }).where('phone', '=', v.phone).execute();
    const [cap] = await captchas(t, 1);
    expect((await api.post(API.sendCode, { ...cap, phone: v.phone, type: 'forget' })).msg).toBe(SMS_DAILY_LIMIT);
  }, 30_000);

  it('one captcha used by 20 parallel requests: accepted once', async () => {
    const { t, api } = ctx();
    const cap = await solveCaptcha(t);
    const rs = await Promise.all(Array.from({ length: 20 }, () => api.post(API.sendCode, { ...cap, phone: nextPhone(), type: 'register' })));
    expect(serverErrors(rs)).toEqual([]);
    expect(rs.filter((r) => r.code === 200)).toHaveLength(1);
    expect(count(rs, CAPTCHA_EXPIRED)).toBe(19);
  }, 30_000);

  it('3 bursts of 40 parallel wrong passwords (each with a captcha), then the right one: locked after 5, the right one refused', async () => {
    const { t, api } = ctx();
    const v = await createVendor(t);
    const all: Envelope[] = [];
    for (let burst = 0; burst < 3; burst++) {
      const caps = await captchas(t, 40);
      all.push(...(await Promise.all(caps.map((cap, i) => api.post(API.login, { phone: v.phone, password: `wrong-${burst}-${i}`, isSubAccount: false, ...cap })))));
    }
    expect(serverErrors(all)).toEqual([]);
    expect(all.filter((r) => r.code === 200)).toEqual([]);
    // At most five passwords were checked: four answered wrong, the fifth locked, the rest found it locked.
    expect(count(all, WRONG_CREDENTIALS)).toBe(MAX_FAILED_LOGINS - 1);
    expect(all.filter((r) => /已锁定/.test(r.msg))).toHaveLength(120 - (MAX_FAILED_LOGINS - 1));
    const [cap] = await captchas(t, 1);
    const right = await api.post(API.login, { phone: v.phone, password: v.password, isSubAccount: false, ...cap });
    expect(right.code).toBe(400);
    expect(right.msg).toMatch(/已锁定/);
  }, 60_000);

  it('the same for a sub-account and for the operator', async () => {
    const { t, api } = ctx();
    const v = await createVendor(t);
    const sub = await createSubAccount(t, v.vendorId);
    const op = await createOperator(t);
    const subCaps = await captchas(t, 40);
    const opCaps = await captchas(t, 40);
    const [subRs, opRs] = await Promise.all([
      Promise.all(subCaps.map((cap, i) => api.post(API.login, { account: sub.account, password: `wrong-${i}`, isSubAccount: true, ...cap }))),
      Promise.all(opCaps.map((cap, i) => api.post(PLATFORM_API.login, { account: op.account, password: `wrong-${i}`, ...cap }, { role: 'platform' }))),
    ]);
    for (const rs of [subRs, opRs]) {
      expect(serverErrors(rs)).toEqual([]);
      expect(count(rs, WRONG_CREDENTIALS)).toBe(MAX_FAILED_LOGINS - 1);
    }
    const [c1, c2] = await captchas(t, 2);
    expect((await api.post(API.login, { account: sub.account, password: sub.password, isSubAccount: true, ...c1 })).msg).toMatch(/已锁定/);
    expect((await api.post(PLATFORM_API.login, { account: op.account, password: 'secret123', ...c2 }, { role: 'platform' })).msg).toMatch(/已锁定/);
  }, 60_000);

  it('without a captcha, a burst of wrong passwords gets three checks, then the captcha is asked for', async () => {
    const { t, api } = ctx();
    const v = await createVendor(t);
    const rs = await Promise.all(Array.from({ length: 40 }, (_, i) => api.post(API.login, { phone: v.phone, password: `wrong-${i}`, isSubAccount: false })));
    expect(serverErrors(rs)).toEqual([]);
    expect(count(rs, WRONG_CREDENTIALS)).toBe(3);
    expect(count(rs, MSG.loginNeedsCaptcha)).toBe(37);
    expect(rs.filter((r) => r.msg === MSG.loginNeedsCaptcha).every((r) => r.data?.captchaRequired === true)).toBe(true);
    // The owner gets in with the captcha.
    const [cap] = await captchas(t, 1);
    expect((await api.post(API.login, { phone: v.phone, password: v.password, isSubAccount: false, ...cap })).code).toBe(200);
  }, 30_000);

  it('a stranger who locks the account from elsewhere does not lock the owner out of a device that never failed', async () => {
    const { t, api } = ctx();
    const v = await createVendor(t);
    const caps = await captchas(t, 40);
    const rs = await Promise.all(caps.map((cap, i) => api.post(API.login, { phone: v.phone, password: `x-${i}`, isSubAccount: false, ...cap }, { ip: '203.0.113.9' })));
    expect(serverErrors(rs)).toEqual([]);
    expect(count(rs, WRONG_CREDENTIALS)).toBe(MAX_FAILED_LOGINS - 1);
    expect(rs.filter((r) => /已锁定/.test(r.msg))).toHaveLength(40 - (MAX_FAILED_LOGINS - 1));
    // The owner's device: asked for the captcha (the account saw failures), then let in.
    const noCaptcha = await api.post(API.login, { phone: v.phone, password: v.password, isSubAccount: false }, { ip: '198.51.100.7' });
    expect(noCaptcha).toMatchObject({ code: 400, msg: MSG.loginNeedsCaptcha, data: { captchaRequired: true } });
    const [cap] = await captchas(t, 1);
    expect((await api.post(API.login, { phone: v.phone, password: v.password, isSubAccount: false, ...cap }, { ip: '198.51.100.7' })).code).toBe(200);
    // The stranger's address stays locked.
    const [cap2] = await captchas(t, 1);
    expect((await api.post(API.login, { phone: v.phone, password: v.password, isSubAccount: false, ...cap2 }, { ip: '203.0.113.9' })).msg).toBe(lockedMessage(LOCK_MINUTES));
  }, 30_000);

  it('50 parallel permission grants for one sub-account: no error, the same set as granted one by one', async () => {
    const { t, api } = ctx();
    const v = await createVendor(t);
    const [a, b] = [await createSubAccount(t, v.vendorId), await createSubAccount(t, v.vendorId)];
    const menus = (await t.db.selectFrom('menus').select('id').orderBy('id').execute()).map((m) => m.id);
    const grants = Array.from({ length: 50 }, (_, i) => menus[i % menus.length]!);
    const rs = await Promise.all(grants.map((menuId, i) => api.post(API.addSubAccountMenu(a.userId), { menuId, dataPermissions: i % 2 }, { token: v.token })));
    expect(serverErrors(rs)).toEqual([]);
    expect(rs.every((r) => r.code === 200)).toBe(true);
    for (const menuId of grants) await api.post(API.addSubAccountMenu(b.userId), { menuId, dataPermissions: 0 }, { token: v.token });
    const held = async (userId: number) => (await t.db.selectFrom('user_menus').select('menu_id').where('user_id', '=', userId).orderBy('menu_id').execute()).map((r) => r.menu_id);
    expect(await held(a.userId)).toEqual(await held(b.userId));
  }, 30_000);

  it('grants and revokes of one sub-account in parallel leave a consistent tree', async () => {
    const { t, api } = ctx();
    const v = await createVendor(t);
    const menus = await t.db.selectFrom('menus').select(['id', 'parent_id', 'menu_type']).execute();
    const byId = new Map(menus.map((m) => [m.id, m]));
    const sub = await createSubAccount(t, v.vendorId);
    const ops: Array<[boolean, number]> = [];
    for (const m of menus) ops.push([true, m.id], [false, m.parent_id ?? m.id]);
    for (let round = 0; round < 3; round++) {
      const rs = await Promise.all(
        ops.map(([grant, menuId]) =>
          grant
            ? api.post(API.addSubAccountMenu(sub.userId), { menuId, dataPermissions: 0 }, { token: v.token })
            : api.post(API.removeSubAccountMenu(menuId, sub.userId), {}, { token: v.token }),
        ),
      );
      expect(serverErrors(rs)).toEqual([]);
      const held = new Set((await t.db.selectFrom('user_menus').select('menu_id').where('user_id', '=', sub.userId).execute()).map((r) => r.menu_id));
      for (const id of held) {
        const m = byId.get(id)!;
        // Whatever order they ran in: a held menu's parent is held, and a held folder holds something.
        if (m.parent_id !== null) expect(held.has(m.parent_id), `menu ${id} held without its parent ${m.parent_id}`).toBe(true);
        if (m.menu_type === 'M') expect(menus.some((c) => c.parent_id === id && held.has(c.id)), `folder ${id} held empty`).toBe(true);
      }
    }
  }, 30_000);

  it('20 parallel sub-accounts with one login name: one created, the rest told it is taken', async () => {
    const { t, api } = ctx();
    const v = await createVendor(t);
    const account = `race${Date.now() % 1_000_000}`;
    const rs = await Promise.all(Array.from({ length: 20 }, () => api.post(API.addSubAccount, { name: '并发', phone: '', account, password: 'pass1234' }, { token: v.token })));
    expect(serverErrors(rs)).toEqual([]);
    expect(rs.filter((r) => r.code === 200)).toHaveLength(1);
    expect(count(rs, SUB_ACCOUNT_TAKEN)).toBe(19);
    const live = await t.db.selectFrom('users').select('id').where('account', '=', account).where('deleted_at', 'is', null).execute();
    expect(live).toHaveLength(1);
  }, 30_000);
}

describe('limits under parallel requests, one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
  });
  afterAll(async () => t?.close());
  limitCases(() => ({ t, api: inProcess(t) }));

  it('an unknown phone or account costs about as much time as a known one', async () => {
    const api = inProcess(t);
    const known = await Promise.all(Array.from({ length: 8 }, () => createVendor(t)));
    const time = async (body: object) => {
      const start = performance.now();
      const r = await api.post(API.login, body);
      expect(r.msg).toBe(WRONG_CREDENTIALS);
      return performance.now() - start;
    };
    // Medians of interleaved attempts, so that a pause of the machine in one attempt decides nothing.
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    const subUnknownMs: number[] = [];
    for (const [i, v] of known.entries()) {
      knownMs.push(await time({ phone: v.phone, password: 'not-the-one', isSubAccount: false }));
      unknownMs.push(await time({ phone: nextPhone(), password: 'not-the-one', isSubAccount: false }));
      subUnknownMs.push(await time({ account: `nobody${i}x${Date.now() % 100000}`, password: 'not-the-one', isSubAccount: true }));
    }
    expect(median(unknownMs)).toBeGreaterThan(median(knownMs) / 2);
    expect(median(subUnknownMs)).toBeGreaterThan(median(knownMs) / 2);
  }, 30_000);
});

describe('limits under parallel requests, WORKERS=2', () => {
  let t: TestApp;
  let server: WorkersServer;

  beforeAll(async () => {
    t = await startTestApp(NO_RATE_LIMITS);
    // The stranger's address comes from X-Forwarded-For, which the server believes from loopback only.
    server = await startWorkersServer(t, { PORTAL_DEV_OUTBOX: '1', TRUST_PROXY: '127.0.0.1' });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await t?.close();
  });

  limitCases(() => ({ t, api: overHttp(t, server.base) }));
});
