import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { createVendor, get, nextPhone, post, smsCodeFor, solveCaptcha, startTestApp, type TestApp } from '../../../test/helper';
import { SMS_EXPIRED, SMS_TOO_FREQUENT, SMS_WRONG } from './sms-code.service';
import { CAPTCHA_WRONG, CAPTCHA_EXPIRED } from '../../lib/captcha';
import { lockedMessage, WRONG_CREDENTIALS } from './lockout';
import { PHONE_REGISTERED } from './access.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('envelope, signature and session', () => {
  it('answers an unknown /api path with HTTP 404 and code 404', async () => {
    const r = await get(t, '/api/no/such/path');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 404, msg: MSG.notFound });
  });
  it('refuses a missing or wrong signature with 1401', async () => {
    const r = await get(t, API.captchaImage, { unsigned: true });
    expect(r.body).toMatchObject({ code: 1401, msg: MSG.badSignature });
    const bad = await get(t, API.captchaImage, { unsigned: true, headers: { signature: 'a'.repeat(64) } });
    expect(bad.body.code).toBe(1401);
  });
  it('refuses a stale timestamp with 1401', async () => {
    const r = await get(t, API.captchaImage, { timestamp: Date.now() - 6 * 60 * 1000 });
    expect(r.body.code).toBe(1401);
  });
  it('refuses a body changed after signing', async () => {
    const ts = String(Date.now());
    const { sign } = await import('@portal/domain/signature');
    const signature = sign(t.config.SIGN_KEY, { method: 'POST', path: API.login, rawQuery: '', timestamp: ts, token: '', body: '{"phone":"1"}' });
    const res = await t.app.inject({ method: 'POST', url: API.login, headers: { timestamp: ts, signature, role: 'manufacturer', 'content-type': 'application/json' }, payload: '{"phone":"2"}' });
    expect(res.json().code).toBe(1401);
  });
  it('answers 401 without a token and with an unknown token', async () => {
    expect((await get(t, API.userInfo)).body).toMatchObject({ code: 401, msg: MSG.notLoggedIn });
    expect((await get(t, API.userInfo, { token: 'deadbeef' })).body.code).toBe(401);
  });
  it('answers malformed JSON with 400, never 500', async () => {
    const ts = String(Date.now());
    const { sign } = await import('@portal/domain/signature');
    const payload = '{"phone":';
    const signature = sign(t.config.SIGN_KEY, { method: 'POST', path: API.login, rawQuery: '', timestamp: ts, token: '', body: payload });
    const res = await t.app.inject({ method: 'POST', url: API.login, headers: { timestamp: ts, signature, role: 'manufacturer', 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(400);
  });
});

describe('captcha and SMS codes', () => {
  it('issues a captcha as a base64 SVG with a uuid', async () => {
    const r = await get(t, API.captchaImage);
    expect(r.body.code).toBe(200);
    expect(r.body.data.img).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(r.body.data.uuid).toMatch(/[0-9a-f-]{36}/);
  });
  it('validates the phone with the spec messages in order', async () => {
    const cap = await solveCaptcha(t);
    expect((await post(t, API.sendCode, { ...cap, type: 'register' })).body).toMatchObject({ code: 400, msg: MSG.phoneRequired });
    expect((await post(t, API.sendCode, { ...cap, phone: '', type: 'register' })).body.msg).toBe(MSG.phoneRequired);
    expect((await post(t, API.sendCode, { ...cap, phone: '1380013800a', type: 'register' })).body.msg).toBe(MSG.digitsOnly);
    expect((await post(t, API.sendCode, { ...cap, phone: '1380013800', type: 'register' })).body.msg).toBe(MSG.phoneLength);
    expect((await post(t, API.sendCode, { uuid: cap.uuid, phone: nextPhone(), type: 'register' })).body.msg).toBe(MSG.captchaRequired);
  });
  it('refuses a wrong captcha, and a captcha is single use', async () => {
    const cap = await solveCaptcha(t);
    const phone = nextPhone();
    expect((await post(t, API.sendCode, { ...cap, code: 'zzzz', phone, type: 'register' })).body.msg).toBe(CAPTCHA_WRONG);
    expect((await post(t, API.sendCode, { ...cap, phone, type: 'register' })).body.msg).toBe(CAPTCHA_EXPIRED);
  });
  it('sends a 6-digit code and refuses a resend within 60 s', async () => {
    const phone = nextPhone();
    const code = await smsCodeFor(t, phone, 'register');
    expect(code).toMatch(/^\d{6}$/);
    const cap = await solveCaptcha(t);
    expect((await post(t, API.sendCode, { ...cap, phone, type: 'register' })).body.msg).toBe(SMS_TOO_FREQUENT);
  });
  it('exposes codes through the development outbox', async () => {
    const phone = nextPhone();
    const code = await smsCodeFor(t, phone, 'register');
    const res = await t.app.inject({ method: 'GET', url: `${API.devOutbox}?phone=${phone}` });
    expect(res.json().data[0].code).toBe(code);
  });
});

describe('register, login, forgot password', () => {
  it('registers with an SMS code and answers a token that works', async () => {
    const phone = nextPhone();
    const captcha = await smsCodeFor(t, phone, 'register');
    const r = await post(t, API.register, { phone, captcha, company: '测试电器店', password: 'abc12345' });
    expect(r.body.code).toBe(200);
    const info = await get(t, API.userInfo, { token: r.body.data.token });
    expect(info.body.data).toMatchObject({ phone, company: '测试电器店', subAccountFlag: 0, permissions: ['*:*:*'] });
  });
  it('validates registration fields with the spec messages', async () => {
    const phone = nextPhone();
    const base = { phone, captcha: '123456', company: '店', password: 'abc12345' };
    expect((await post(t, API.register, { ...base, captcha: '' })).body.msg).toBe(MSG.smsRequired);
    expect((await post(t, API.register, { ...base, captcha: '12a456' })).body.msg).toBe(MSG.digitsOnly);
    expect((await post(t, API.register, { ...base, captcha: '12345' })).body.msg).toBe(MSG.smsLength);
    expect((await post(t, API.register, { ...base, company: ' ' })).body.msg).toBe(MSG.companyRequired);
    expect((await post(t, API.register, { ...base, password: '' })).body.msg).toBe(MSG.passwordSet);
    expect((await post(t, API.register, { ...base, password: '12345' })).body.msg).toBe(MSG.passwordLength);
    expect((await post(t, API.register, { ...base, password: 'x'.repeat(21) })).body.msg).toBe(MSG.passwordLength);
    const vendors = await t.db.selectFrom('users').select('id').where('phone', '=', phone).execute();
    expect(vendors).toHaveLength(0);
  });
  it('refuses a wrong, then an exhausted, then a reused SMS code', async () => {
    const phone = nextPhone();
    const code = await smsCodeFor(t, phone, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post(t, API.register, { phone, captcha: wrong, company: 'A店', password: 'abc12345' })).body.msg).toBe(SMS_WRONG);
    expect((await post(t, API.register, { phone, captcha: code, company: 'A店', password: 'abc12345' })).body.code).toBe(200);
    const again = await post(t, API.register, { phone, captcha: code, company: 'A店', password: 'abc12345' });
    expect(again.body.msg).toBe(PHONE_REGISTERED);
  });
  it('refuses an expired SMS code', async () => {
    const phone = nextPhone();
    const code = await smsCodeFor(t, phone, 'register');
    await t.db.updateTable('sms_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('phone', '=', phone).execute();
    expect((await post(t, API.register, { phone, captcha: code, company: 'A店', password: 'abc12345' })).body.msg).toBe(SMS_EXPIRED);
  });
  it('burns a code after five wrong guesses', async () => {
    const phone = nextPhone();
    const code = await smsCodeFor(t, phone, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await post(t, API.register, { phone, captcha: wrong, company: 'A店', password: 'abc12345' });
    expect((await post(t, API.register, { phone, captcha: code, company: 'A店', password: 'abc12345' })).body.msg).toBe(SMS_EXPIRED);
  });
  it('logs in by password and by SMS code, and logs out', async () => {
    const v = await createVendor(t);
    expect(v.token).toBeTruthy();
    const code = await smsCodeFor(t, v.phone, 'login');
    const r = await post(t, API.loginMobile, { phone: v.phone, captcha: code, isSubAccount: false });
    expect(r.body).toMatchObject({ code: 200, msg: MSG.loginOk });
    expect((await post(t, API.quit, {}, { token: r.body.data.token })).body.code).toBe(200);
    expect((await get(t, API.userInfo, { token: r.body.data.token })).body.code).toBe(401);
    expect((await get(t, API.userInfo, { token: v.token })).body.code).toBe(200);
  });
  it('validates login input with the spec messages', async () => {
    expect((await post(t, API.login, { isSubAccount: false, password: 'x' })).body.msg).toBe(MSG.phoneRequired);
    expect((await post(t, API.login, { isSubAccount: false, phone: nextPhone() })).body.msg).toBe(MSG.passwordRequired);
    expect((await post(t, API.login, { isSubAccount: true, password: 'x' })).body.msg).toBe(MSG.accountRequired);
  });
  it('asks for the graphic captcha after three wrong passwords and locks after five, with clear messages', async () => {
    const v = await createVendor(t);
    const wrong = (extra: object = {}) => post(t, API.login, { phone: v.phone, password: 'wrong-pass', isSubAccount: false, ...extra });
    for (let i = 0; i < 2; i++) expect((await wrong()).body).toMatchObject({ code: 400, msg: WRONG_CREDENTIALS, data: { captchaRequired: false } });
    expect((await wrong()).body).toMatchObject({ code: 400, msg: WRONG_CREDENTIALS, data: { captchaRequired: true } });
    expect((await wrong()).body).toMatchObject({ code: 400, msg: MSG.loginNeedsCaptcha, data: { captchaRequired: true } });
    expect((await wrong({ ...(await solveCaptcha(t)), code: 'zzzz' })).body).toMatchObject({ msg: CAPTCHA_WRONG, data: { captchaRequired: true } });
    expect((await wrong(await solveCaptcha(t))).body.msg).toBe(WRONG_CREDENTIALS);
    expect((await wrong(await solveCaptcha(t))).body.msg).toBe(lockedMessage(15));
    const right = await post(t, API.login, { phone: v.phone, password: v.password, isSubAccount: false, ...(await solveCaptcha(t)) });
    expect(right.body.code).toBe(400);
    expect(right.body.msg).toMatch(/已锁定/);
  });
  it('answers an unknown phone exactly as a wrong password', async () => {
    const r = await post(t, API.login, { phone: nextPhone(), password: 'whatever1', isSubAccount: false });
    expect(r.body).toMatchObject({ code: 400, msg: WRONG_CREDENTIALS, data: { captchaRequired: false } });
  });
  it('resets a forgotten password and revokes old sessions', async () => {
    const v = await createVendor(t);
    const captcha = await smsCodeFor(t, v.phone, 'forget');
    expect((await post(t, API.forget, { phone: v.phone, captcha, password: 'newpass99' })).body.code).toBe(200);
    expect((await get(t, API.userInfo, { token: v.token })).body.code).toBe(401);
    expect((await post(t, API.login, { phone: v.phone, password: v.password, isSubAccount: false })).body.code).toBe(400);
    expect((await post(t, API.login, { phone: v.phone, password: 'newpass99', isSubAccount: false })).body.code).toBe(200);
  });
});

describe('site data', () => {
  it('answers config pc, agreements, notices and the region tree', async () => {
    const pc = await get(t, API.config('pc'));
    expect(JSON.parse(pc.body.data.configValue)).toHaveProperty('zhuanyeshifu');
    for (const id of [1, 2, 3, 4]) expect((await get(t, API.agreement(id))).body.data.content.length).toBeGreaterThan(50);
    expect((await get(t, API.agreement(9))).body.code).toBe(404);
    expect((await get(t, API.noticeList)).body.rows.length).toBeGreaterThan(0);
    const tree = (await post(t, API.regionTree)).body.data;
    expect(tree.length).toBeGreaterThanOrEqual(34);
    const sh = tree.find((p: any) => p.value === '310000');
    expect(sh.children[0].children.find((d: any) => d.value === '310112').label).toBe('闵行区');
  });
});
