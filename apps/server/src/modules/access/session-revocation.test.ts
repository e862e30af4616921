import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { createSubAccount, createVendor, get, lastSmsCode, nextPhone, post, smsCodeFor, solveCaptcha, startTestApp, type TestApp } from '../../../test/helper';

// A new password or a new phone ends every other session of the account; the session that made the
// change stays signed in (forgot-password, made signed out, ends them all). One function does it
// (access.service setPassword / access.repository revokeUserSessions).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SMS: '0', RATE_LIMIT_LOGIN: '0', RATE_LIMIT_CAPTCHA: '0' });
});
afterAll(async () => t.close());

const signedIn = async (token: string) => (await get(t, API.userInfo, { token })).body.code === 200;
const mainLogin = async (phone: string, password: string) => (await post(t, API.login, { phone, password, isSubAccount: false })).body;
const codeToBoundPhone = async (token: string, type: 'forget' | 'oldPhone') => {
  expect((await post(t, API.sendOldPhoneCode, { ...(await solveCaptcha(t)), type }, { token })).body.code).toBe(200);
};

describe('changing the password', () => {
  it('with an SMS code: the other sessions end, this one stays', async () => {
    const v = await createVendor(t);
    const other = (await mainLogin(v.phone, v.password)).data.token as string;
    await codeToBoundPhone(v.token, 'forget');
    const captcha = await lastSmsCode(t.db, v.phone);
    expect((await post(t, API.updatePass, { captcha, password: 'newpass77' }, { token: v.token })).body).toMatchObject({ code: 200, msg: MSG.modifyOk });
    expect(await signedIn(v.token)).toBe(true);
    expect(await signedIn(other)).toBe(false);
    expect((await mainLogin(v.phone, 'newpass77')).code).toBe(200);
  });

  it('with the old password (a sub-account without a phone): the same', async () => {
    const v = await createVendor(t);
    const s = await createSubAccount(t, v.vendorId, [3, 32]);
    const other = (await post(t, API.login, { account: s.account, password: s.password, isSubAccount: true })).body.data.token as string;
    expect((await post(t, API.updatePass, { oldPassword: s.password, password: 'newpass77' }, { token: s.token })).body.code).toBe(200);
    expect(await signedIn(s.token)).toBe(true);
    expect(await signedIn(other)).toBe(false);
  });

  it('forgot password (signed out) ends every session', async () => {
    const v = await createVendor(t);
    const other = (await mainLogin(v.phone, v.password)).data.token as string;
    const captcha = await smsCodeFor(t, v.phone, 'forget');
    expect((await post(t, API.forget, { phone: v.phone, captcha, password: 'newpass77' })).body.code).toBe(200);
    expect(await signedIn(v.token)).toBe(false);
    expect(await signedIn(other)).toBe(false);
  });
});

describe('changing the phone', () => {
  async function codesForChange(v: { phone: string; token: string }, newPhone: string) {
    await codeToBoundPhone(v.token, 'oldPhone');
    const captcha = await lastSmsCode(t.db, v.phone);
    expect((await post(t, API.changePhoneCaptcha, { captcha }, { token: v.token })).body.code).toBe(200);
    const newCaptcha = await smsCodeFor(t, newPhone, 'changePhone');
    return { captcha, newCaptcha, newPhone };
  }

  it('the other sessions end, this one stays; the new phone signs in', async () => {
    const v = await createVendor(t);
    const other = (await mainLogin(v.phone, v.password)).data.token as string;
    const body = await codesForChange(v, nextPhone());
    expect((await post(t, API.changePhone, body, { token: v.token })).body).toMatchObject({ code: 200, msg: MSG.modifyOk });
    expect(await signedIn(v.token)).toBe(true);
    expect(await signedIn(other)).toBe(false);
    expect((await mainLogin(body.newPhone, v.password)).code).toBe(200);
  });

  it('10 parallel submissions of the same codes: one change, the rest refused, nothing fails', async () => {
    const v = await createVendor(t);
    const body = await codesForChange(v, nextPhone());
    const rs = await Promise.all(Array.from({ length: 10 }, () => post(t, API.changePhone, body, { token: v.token })));
    expect(rs.filter((r) => r.body.code !== 200 && r.body.code !== 400)).toEqual([]);
    expect(rs.filter((r) => r.body.code === 200)).toHaveLength(1);
    const row = await t.db.selectFrom('users').select('phone').where('id', '=', v.userId).executeTakeFirstOrThrow();
    expect(row.phone).toBe(body.newPhone);
  });

  it('a wrong new-phone code does not use up the old-phone code', async () => {
    const v = await createVendor(t);
    const body = await codesForChange(v, nextPhone());
    const wrong = body.newCaptcha === '000000' ? '111111' : '000000';
    expect((await post(t, API.changePhone, { ...body, newCaptcha: wrong }, { token: v.token })).body.code).toBe(400);
    expect((await post(t, API.changePhone, body, { token: v.token })).body.code).toBe(200);
  });
});
