import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OLD_PASSWORD_REQUIRED, OLD_PASSWORD_WRONG } from '@portal/domain/accounts';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { createSubAccount, createVendor, lastSmsCode, nextPhone, post, solveCaptcha, startTestApp, type TestApp } from '../../../test/helper';
import { NO_BOUND_PHONE, PHONE_NOT_REGISTERED } from './access.service';
import { lockedMessage } from './lockout';

// Changing a password from the security screen (docs/decisions/095): a code to the caller's own
// bound phone (main accounts and sub-accounts alike), or the old password for a sub-account
// without a phone.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
});
afterAll(async () => t.close());

/** A sub-account holding 账户安全 (menu 3 → 32), with `phone` bound when given. */
async function sub(phone?: string) {
  const s = await createSubAccount(t, v.vendorId, [3, 32]);
  if (phone) await t.db.updateTable('users').set({ phone }).where('id', '=', s.userId).execute();
  return s;
}

/** POST /api/sendPhoneSmsCode as the screen sends it: only the graphic captcha and the purpose. */
const codeToBoundPhone = async (token: string, type?: string) => post(t, API.sendOldPhoneCode, { ...(await solveCaptcha(t)), ...(type ? { type } : {}) }, { token });
const login = (account: string, password: string) => post(t, API.login, { account, password, isSubAccount: true });

describe('a sub-account with a bound phone', () => {
  it('gets the code on its own phone and changes its password with it', async () => {
    const phone = nextPhone();
    const s = await sub(phone);
    // The public send serves main-account phones only (forgot password is for main accounts).
    expect((await post(t, API.sendCode, { ...(await solveCaptcha(t)), phone, type: 'forget' })).body).toMatchObject({ code: 400, msg: PHONE_NOT_REGISTERED });
    expect((await codeToBoundPhone(s.token, 'forget')).body.code).toBe(200);
    const code = await lastSmsCode(t.db, phone);
    expect(code).toMatch(/^\d{6}$/);
    // An SMS code is what it needs: the old password is not an alternative.
    expect((await post(t, API.updatePass, { oldPassword: s.password, password: 'newpass1' }, { token: s.token })).body).toMatchObject({ code: 400, msg: MSG.smsRequired });
    expect((await post(t, API.updatePass, { captcha: code, password: 'newpass1' }, { token: s.token })).body).toMatchObject({ code: 200, msg: MSG.modifyOk });
    expect((await login(s.account, s.password)).body.code).toBe(400);
    expect((await login(s.account, 'newpass1')).body.code).toBe(200);
  });

  it('does not take a code sent for another purpose', async () => {
    const phone = nextPhone();
    const s = await sub(phone);
    expect((await codeToBoundPhone(s.token)).body.code).toBe(200); // oldPhone, the change-phone step
    const code = await lastSmsCode(t.db, phone);
    expect((await post(t, API.updatePass, { captcha: code, password: 'newpass1' }, { token: s.token })).body.code).toBe(400);
    expect((await login(s.account, s.password)).body.code).toBe(200);
  });
});

describe('a sub-account without a phone', () => {
  it('cannot get a code, and changes its password with the old one', async () => {
    const s = await sub();
    expect((await codeToBoundPhone(s.token, 'forget')).body).toMatchObject({ code: 400, msg: NO_BOUND_PHONE });
    expect((await post(t, API.updatePass, { captcha: '123456', password: 'newpass1' }, { token: s.token })).body).toMatchObject({ code: 400, msg: OLD_PASSWORD_REQUIRED });
    expect((await post(t, API.updatePass, { oldPassword: s.password, password: '123' }, { token: s.token })).body).toMatchObject({ code: 400, msg: MSG.passwordLength });
    expect((await post(t, API.updatePass, { oldPassword: 'not-mine', password: 'newpass1' }, { token: s.token })).body).toMatchObject({ code: 400, msg: OLD_PASSWORD_WRONG });
    expect((await post(t, API.updatePass, { oldPassword: s.password, password: 'newpass1' }, { token: s.token })).body).toMatchObject({ code: 200, msg: MSG.modifyOk });
    expect((await login(s.account, s.password)).body.code).toBe(400);
    expect((await login(s.account, 'newpass1')).body.code).toBe(200);
  });

  it('wrong old passwords count toward the lock, like wrong logins', async () => {
    const s = await sub();
    for (let i = 0; i < 4; i++) expect((await post(t, API.updatePass, { oldPassword: `wrong-${i}`, password: 'newpass1' }, { token: s.token })).body.msg).toBe(OLD_PASSWORD_WRONG);
    expect((await post(t, API.updatePass, { oldPassword: 'wrong-5', password: 'newpass1' }, { token: s.token })).body.msg).toBe(lockedMessage(15));
    expect((await post(t, API.updatePass, { oldPassword: s.password, password: 'newpass1' }, { token: s.token })).body.msg).toBe(lockedMessage(15));
    expect((await login(s.account, s.password)).body.msg).toBe(lockedMessage(15));
  });
});

describe('a main account', () => {
  it('may also get the code through the session route, and still needs a code, not the old password', async () => {
    expect((await post(t, API.updatePass, { oldPassword: v.password, password: 'newpass1' }, { token: v.token })).body).toMatchObject({ code: 400, msg: MSG.smsRequired });
    expect((await codeToBoundPhone(v.token, 'forget')).body.code).toBe(200);
    const code = await lastSmsCode(t.db, v.phone);
    expect((await post(t, API.updatePass, { captcha: code, password: 'newpass1' }, { token: v.token })).body).toMatchObject({ code: 200, msg: MSG.modifyOk });
    expect((await post(t, API.login, { phone: v.phone, password: 'newpass1', isSubAccount: false })).body.code).toBe(200);
  });
});
