import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { OLD_PASSWORD_WRONG, PASSWORD_UNCHANGED, SUB_ACCOUNT_PHONE_TAKEN, changePasswordByOldBody } from '@portal/domain/accounts';
import * as V from '@portal/domain/validation';
import { badRequest, parse, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/unique-violation';
import { nowIso } from '../../lib/time';
import type { VendorPrincipal } from '../../plugins/context';
import * as repo from './access.repository';
import { consumeCaptcha } from '../../lib/captcha';
import { consumeSmsCode, issueSmsCode, verifySmsCode } from './sms-code.service';
import { clearAllFailures, clearFailures, guardPasswordCheck, loginSubject, verifyOrDummy } from './lockout';

export const PHONE_NOT_REGISTERED = '该手机号未注册';
export const PHONE_REGISTERED = '该手机号已注册';
export const NO_BOUND_PHONE = '当前账号未绑定手机号';

export function accessService(app: FastifyInstance) {
  const { db, sms } = app;

  async function sendCode(body: z.infer<typeof V.sendCodeBody>) {
    await consumeCaptcha(db, body.uuid, body.code);
    const main = await repo.findMainByPhone(db, body.phone);
    if (body.type === 'register' || body.type === 'changePhone') {
      if (main) throw badRequest(PHONE_REGISTERED);
    } else if (body.type === 'login') {
      if (!main && !(await repo.findSubBy(db, 'phone', body.phone))) throw badRequest(PHONE_NOT_REGISTERED);
    } else if (!main) {
      throw badRequest(PHONE_NOT_REGISTERED);
    }
    await issueSmsCode(db, sms, body.phone, body.type);
  }

  /**
   * A main phone is one live main account's, a sub-account phone one live sub-account's (unique
   * indexes users_main_phone_live, users_sub_phone_live): a race lost to another user says so too.
   */
  async function phoneTaken<T>(work: Promise<T>, isSub = false): Promise<T> {
    try {
      return await work;
    } catch (e) {
      if (isUniqueViolation(e, isSub ? 'users_sub_phone_live' : 'users_main_phone_live', 'users.phone')) throw badRequest(isSub ? SUB_ACCOUNT_PHONE_TAKEN : PHONE_REGISTERED);
      throw e;
    }
  }

  async function boundPhone(p: VendorPrincipal) {
    const user = await repo.findUserById(db, p.userId);
    if (!user?.phone) throw badRequest(NO_BOUND_PHONE);
    return user.phone;
  }

  /** A code to the caller's own bound phone, so sub-accounts get one too (the public sendCode serves main phones). */
  async function sendOldPhoneCode(p: VendorPrincipal, body: z.infer<typeof V.sendOldPhoneCodeBody>) {
    await consumeCaptcha(db, body.uuid, body.code);
    await issueSmsCode(db, sms, await boundPhone(p), body.type);
  }

  /** The login name a user's password attempts are counted under (decision 113). */
  const subjectOf = (user: { is_sub: number; phone: string | null; account: string | null }) =>
    user.is_sub ? loginSubject.sub(user.account ?? '') : loginSubject.main(user.phone ?? '');

  /**
   * Password login. Attempts are claimed before the password is compared (lockout.ts); an unknown
   * name costs one scrypt comparison too and is refused with the same words.
   */
  async function passwordLogin(body: z.infer<typeof V.passwordLoginBody>, ip: string, captcha: { uuid?: string; code?: string }) {
    const subject = body.isSubAccount ? loginSubject.sub(body.account) : loginSubject.main(body.phone);
    let user: Awaited<ReturnType<typeof repo.findMainByPhone>>;
    await guardPasswordCheck(db, { subject, source: ip, captcha, captchaGate: true }, async () => {
      user = body.isSubAccount ? await repo.findSubBy(db, 'account', body.account) : await repo.findMainByPhone(db, body.phone);
      return verifyOrDummy(body.password, user?.password_hash);
    });
    return { token: await repo.createSession(db, 'vendor', user!.id, user!.vendor_id) };
  }

  async function smsLogin(body: z.infer<typeof V.smsLoginBody>, ip: string) {
    const user = body.isSubAccount ? await repo.findSubBy(db, 'phone', body.phone) : await repo.findMainByPhone(db, body.phone);
    if (!user) throw badRequest(PHONE_NOT_REGISTERED);
    await verifySmsCode(db, body.phone, 'login', body.captcha);
    await clearFailures(db, subjectOf(user), ip);
    return { token: await repo.createSession(db, 'vendor', user.id, user.vendor_id) };
  }

  async function register(body: z.infer<typeof V.registerBody>) {
    if (await repo.findMainByPhone(db, body.phone)) throw badRequest(PHONE_REGISTERED);
    await verifySmsCode(db, body.phone, 'register', body.captcha);
    const passwordHash = await hashPassword(body.password);
    return phoneTaken(db.transaction().execute(async (tx) => {
      const { vendorId, userId } = await repo.insertVendorWithMain(tx, { company: body.company, phone: body.phone, passwordHash, now: nowIso() });
      return { token: await repo.createSession(tx, 'vendor', userId, vendorId) };
    }));
  }

  async function forget(body: z.infer<typeof V.forgetBody>) {
    const user = await repo.findMainByPhone(db, body.phone);
    if (!user) throw badRequest(PHONE_NOT_REGISTERED);
    await verifySmsCode(db, body.phone, 'forget', body.captcha);
    await setPassword(user, await hashPassword(body.password), null);
  }

  /**
   * One way to set a new password: the hash, every count of failed attempts, and every session of
   * the user except `keepSessionId` (the one that made the change, if any), in one transaction.
   */
  async function setPassword(user: { id: number; is_sub: number; phone: string | null; account: string | null }, passwordHash: string, keepSessionId: number | null) {
    await db.transaction().execute(async (tx) => {
      await repo.setUserPasswordHash(tx, user.id, passwordHash);
      await clearAllFailures(tx, subjectOf(user));
      await repo.revokeUserSessions(tx, 'vendor', user.id, keepSessionId);
    });
  }

  /**
   * Change password from the security screen (docs/decisions/095): with a bound phone, a code sent
   * to it (type forget); a sub-account without one gives its old password instead. Every other
   * session of the account ends; this one stays.
   */
  async function updatePassword(p: VendorPrincipal, raw: unknown, ip: string) {
    const user = await repo.findUserById(db, p.userId);
    if (!user) throw unauthorized();
    let password: string;
    if (user.phone || !user.is_sub) {
      const body = parse(V.changePasswordBody, raw);
      await verifySmsCode(db, await boundPhone(p), 'forget', body.captcha);
      password = body.password;
    } else {
      const body = parse(changePasswordByOldBody, raw);
      await guardPasswordCheck(db, { subject: subjectOf(user), source: ip, captchaGate: false, wrong: OLD_PASSWORD_WRONG }, () => verifyOrDummy(body.oldPassword, user.password_hash));
      password = body.password;
    }
    if (user.password_hash && (await verifyPassword(password, user.password_hash))) throw badRequest(PASSWORD_UNCHANGED);
    await setPassword(user, await hashPassword(password), p.sessionId);
  }

  async function checkOldPhone(p: VendorPrincipal, body: z.infer<typeof V.changePhoneCaptchaBody>) {
    await verifySmsCode(db, await boundPhone(p), 'oldPhone', body.captcha, false);
  }

  /**
   * Both codes are checked (each check claims an attempt), then used up together with the change in
   * one transaction; every other session of the account ends.
   */
  async function changePhone(p: VendorPrincipal, body: z.infer<typeof V.changePhoneBody>) {
    const oldPhone = await boundPhone(p);
    if (body.newPhone === oldPhone) throw badRequest('新手机号不能与原手机号相同');
    if (await repo.findMainByPhone(db, body.newPhone)) throw badRequest(PHONE_REGISTERED);
    const oldCode = await verifySmsCode(db, oldPhone, 'oldPhone', body.captcha, false);
    const newCode = await verifySmsCode(db, body.newPhone, 'changePhone', body.newCaptcha, false);
    await phoneTaken(
      db.transaction().execute(async (tx) => {
        await consumeSmsCode(tx, newCode);
        await consumeSmsCode(tx, oldCode);
        await repo.setUserPhone(tx, p.userId, body.newPhone);
        await repo.revokeUserSessions(tx, 'vendor', p.userId, p.sessionId);
      }),
      p.isSub,
    );
  }

  async function logout(sessionId: number) {
    await repo.deleteSession(db, sessionId);
  }

  /** Close the account: every user of the vendor signed out and unable to sign in; the phone is free again. */
  async function closeAccount(p: VendorPrincipal) {
    await db.transaction().execute(async (tx) => {
      await repo.closeVendor(tx, p.vendorId, nowIso());
      await repo.deleteVendorSessions(tx, p.vendorId);
    });
  }

  async function userInfo(p: VendorPrincipal) {
    const row = await repo.findUserInfo(db, p.userId);
    return {
      id: row.id,
      vendorId: row.vendorId,
      phone: row.phone ?? '',
      account: row.account ?? '',
      name: row.name,
      avatar: row.avatar,
      company: row.company,
      subAccountFlag: row.is_sub,
      role: 'manufacturer',
      permissions: p.permissions,
      dataScopes: p.scopes,
    };
  }

  return { sendCode, sendOldPhoneCode, passwordLogin, smsLogin, register, forget, updatePassword, checkOldPhone, changePhone, logout, closeAccount, userInfo };
}
