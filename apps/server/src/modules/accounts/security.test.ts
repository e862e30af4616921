import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { PASSWORD_UNCHANGED } from '@portal/domain/accounts';
import { createSubAccount, createVendor, get, lastSmsCode, nextPhone, post, smsCodeFor, solveCaptcha, startTestApp, type TestApp } from '../../../test/helper';

// The security screen's calls (modules/access), exercised as the zhangHaoSafety screen makes them.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

async function oldPhoneCode(token: string, phone: string) {
  const cap = await solveCaptcha(t);
  const r = await post(t, API.sendOldPhoneCode, cap, { token });
  expect(r.body.code).toBe(200);
  return lastSmsCode(t.db, phone);
}

describe('change password', () => {
  it('needs the SMS code of the bound phone, then only the new password works', async () => {
    const v = await createVendor(t);
    const bad = await post(t, API.updatePass, { captcha: '000000', password: 'newpass1' }, { token: v.token });
    expect(bad.body.code).toBe(400);
    expect((await post(t, API.updatePass, { captcha: '123456', password: '' }, { token: v.token })).body.msg).toBe(MSG.passwordRequired);
    expect((await post(t, API.updatePass, { captcha: '123456', password: '12345' }, { token: v.token })).body.msg).toBe(MSG.passwordLength);
    const code = await smsCodeFor(t, v.phone, 'forget');
    const r = await post(t, API.updatePass, { captcha: code, password: 'newpass1' }, { token: v.token });
    expect(r.body).toMatchObject({ code: 200, msg: MSG.modifyOk });
    expect((await post(t, API.login, { phone: v.phone, password: v.password, isSubAccount: false })).body.code).toBe(400);
    expect((await post(t, API.login, { phone: v.phone, password: 'newpass1', isSubAccount: false })).body.code).toBe(200);
  });

  it('refuses the password the account already has, and ends no other session for it', async () => {
    const v = await createVendor(t);
    const other = (await post(t, API.login, { phone: v.phone, password: v.password, isSubAccount: false })).body.data.token as string;
    const code = await smsCodeFor(t, v.phone, 'forget');
    expect((await post(t, API.updatePass, { captcha: code, password: v.password }, { token: v.token })).body).toMatchObject({ code: 400, msg: PASSWORD_UNCHANGED });
    expect((await get(t, API.userInfo, { token: other })).body.code).toBe(200);
  });
});

describe('change phone in two steps', () => {
  it('verifies the old phone, then binds the new one; login works with the new phone only', async () => {
    const v = await createVendor(t);
    const oldCode = await oldPhoneCode(v.token, v.phone);
    expect((await post(t, API.changePhoneCaptcha, { captcha: '000000' }, { token: v.token })).body.code).toBe(400);
    const step1 = await post(t, API.changePhoneCaptcha, { captcha: oldCode }, { token: v.token });
    expect(step1.body.code).toBe(200);
    const newPhone = nextPhone();
    const newCode = await smsCodeFor(t, newPhone, 'changePhone');
    const step2 = await post(t, API.changePhone, { captcha: oldCode, newCaptcha: newCode, newPhone }, { token: v.token });
    expect(step2.body).toMatchObject({ code: 200, msg: MSG.modifyOk });
    expect((await get(t, API.userInfo, { token: v.token })).body.data.phone).toBe(newPhone);
    expect((await post(t, API.login, { phone: newPhone, password: v.password, isSubAccount: false })).body.code).toBe(200);
    expect((await post(t, API.login, { phone: v.phone, password: v.password, isSubAccount: false })).body.code).toBe(400);
  });

  it('refuses a phone another main account holds', async () => {
    const v = await createVendor(t);
    const other = await createVendor(t);
    const cap = await solveCaptcha(t);
    const r = await post(t, API.sendCode, { ...cap, phone: other.phone, type: 'changePhone' });
    expect(r.body.code).toBe(400);
    const oldCode = await oldPhoneCode(v.token, v.phone);
    const change = await post(t, API.changePhone, { captcha: oldCode, newCaptcha: '123456', newPhone: other.phone }, { token: v.token });
    expect(change.body.code).toBe(400);
  });
});

describe('close account', () => {
  it('signs every user out, login fails, and the phone can register again', async () => {
    const v = await createVendor(t);
    const sub = await createSubAccount(t, v.vendorId, [3, 31]);
    const r = await post(t, API.logoff, {}, { token: v.token });
    expect(r.body).toMatchObject({ code: 200, msg: MSG.logoffOk });
    expect((await get(t, API.userInfo, { token: v.token })).body.code).toBe(401);
    expect((await get(t, API.userInfo, { token: sub.token })).body.code).toBe(401);
    expect((await post(t, API.login, { phone: v.phone, password: v.password, isSubAccount: false })).body.code).toBe(400);
    expect((await post(t, API.login, { account: sub.account, password: sub.password, isSubAccount: true })).body.code).toBe(400);
    const code = await smsCodeFor(t, v.phone, 'register');
    const again = await post(t, API.register, { phone: v.phone, captcha: code, company: '新公司', password: 'again123' });
    expect(again.body.code).toBe(200);
    const me = await get(t, API.userInfo, { token: again.body.data.token });
    expect(me.body.data).toMatchObject({ phone: v.phone, company: '新公司' });
    expect(me.body.data.vendorId).not.toBe(v.vendorId);
  });

  it('is for main accounts only', async () => {
    const v = await createVendor(t);
    const sub = await createSubAccount(t, v.vendorId, [3, 31, 32]);
    expect((await post(t, API.logoff, {}, { token: sub.token })).body).toMatchObject({ code: 403, msg: MSG.forbidden });
  });
});
