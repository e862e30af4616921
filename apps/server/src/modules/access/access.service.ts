import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { OLD_PASSWORD_WRONG, changePasswordByOldBody } from '@portal/domain/accounts';
import * as V from '@portal/domain/validation';
import { badRequest, parse, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import type { VendorPrincipal } from '../../plugins/context';
import * as repo from './access.repository';
import { consumeCaptcha } from './captcha.service';
import { issueSmsCode, verifySmsCode } from './sms-code.service';
import { assertNotLocked, clearFailures, recordFailure, WRONG_CREDENTIALS } from './lockout';

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

  async function passwordLogin(body: z.infer<typeof V.passwordLoginBody>) {
    const user = body.isSubAccount ? await repo.findSubBy(db, 'account', body.account) : await repo.findMainByPhone(db, body.phone);
    if (!user) throw badRequest(WRONG_CREDENTIALS);
    assertNotLocked(user);
    if (!(await verifyPassword(body.password, user.password_hash))) return recordFailure(db, 'users', user);
    await clearFailures(db, 'users', user.id);
    return { token: await repo.createSession(db, 'vendor', user.id, user.vendor_id) };
  }

  async function smsLogin(body: z.infer<typeof V.smsLoginBody>) {
    const user = body.isSubAccount ? await repo.findSubBy(db, 'phone', body.phone) : await repo.findMainByPhone(db, body.phone);
    if (!user) throw badRequest(PHONE_NOT_REGISTERED);
    await verifySmsCode(db, body.phone, 'login', body.captcha);
    await clearFailures(db, 'users', user.id);
    return { token: await repo.createSession(db, 'vendor', user.id, user.vendor_id) };
  }

  async function register(body: z.infer<typeof V.registerBody>) {
    if (await repo.findMainByPhone(db, body.phone)) throw badRequest(PHONE_REGISTERED);
    await verifySmsCode(db, body.phone, 'register', body.captcha);
    const passwordHash = await hashPassword(body.password);
    return db.transaction().execute(async (tx) => {
      const now = nowIso();
      const vendor = await tx.insertInto('vendors').values({ company: body.company, name: body.company, created_at: now }).returning('id').executeTakeFirstOrThrow();
      const user = await tx
        .insertInto('users')
        .values({ vendor_id: vendor.id, is_sub: 0, phone: body.phone, name: body.company, password_hash: passwordHash, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { token: await repo.createSession(tx, 'vendor', user.id, vendor.id) };
    });
  }

  async function forget(body: z.infer<typeof V.forgetBody>) {
    const user = await repo.findMainByPhone(db, body.phone);
    if (!user) throw badRequest(PHONE_NOT_REGISTERED);
    await verifySmsCode(db, body.phone, 'forget', body.captcha);
    const passwordHash = await hashPassword(body.password);
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('users').set({ password_hash: passwordHash, failed_logins: 0, locked_until: null }).where('id', '=', user.id).execute();
      await repo.deleteUserSessions(tx, 'vendor', user.id);
    });
  }

  /**
   * Change password from the security screen (docs/decisions/095): with a bound phone, a code sent
   * to it (type forget); a sub-account without one gives its old password instead.
   */
  async function updatePassword(p: VendorPrincipal, raw: unknown) {
    const user = await repo.findUserById(db, p.userId);
    if (!user) throw unauthorized();
    let password: string;
    if (user.phone || !user.is_sub) {
      const body = parse(V.changePasswordBody, raw);
      await verifySmsCode(db, await boundPhone(p), 'forget', body.captcha);
      password = body.password;
    } else {
      const body = parse(changePasswordByOldBody, raw);
      assertNotLocked(user);
      if (!(await verifyPassword(body.oldPassword, user.password_hash))) return recordFailure(db, 'users', user, OLD_PASSWORD_WRONG);
      password = body.password;
    }
    const passwordHash = await hashPassword(password);
    await db.updateTable('users').set({ password_hash: passwordHash, failed_logins: 0, locked_until: null }).where('id', '=', p.userId).execute();
  }

  async function checkOldPhone(p: VendorPrincipal, body: z.infer<typeof V.changePhoneCaptchaBody>) {
    await verifySmsCode(db, await boundPhone(p), 'oldPhone', body.captcha, false);
  }

  async function changePhone(p: VendorPrincipal, body: z.infer<typeof V.changePhoneBody>) {
    const oldPhone = await boundPhone(p);
    if (body.newPhone === oldPhone) throw badRequest('新手机号不能与原手机号相同');
    if (await repo.findMainByPhone(db, body.newPhone)) throw badRequest(PHONE_REGISTERED);
    await verifySmsCode(db, oldPhone, 'oldPhone', body.captcha, false);
    await verifySmsCode(db, body.newPhone, 'changePhone', body.newCaptcha);
    await verifySmsCode(db, oldPhone, 'oldPhone', body.captcha);
    await db.updateTable('users').set({ phone: body.newPhone }).where('id', '=', p.userId).execute();
  }

  async function logout(sessionId: number) {
    await repo.deleteSession(db, sessionId);
  }

  /** Close the account: every user of the vendor signed out and unable to sign in; the phone is free again. */
  async function closeAccount(p: VendorPrincipal) {
    await db.transaction().execute(async (tx) => {
      const now = nowIso();
      await tx.updateTable('vendors').set({ closed_at: now }).where('id', '=', p.vendorId).execute();
      await tx.updateTable('users').set({ deleted_at: now, phone: null, account: null }).where('vendor_id', '=', p.vendorId).execute();
      await repo.deleteVendorSessions(tx, p.vendorId);
    });
  }

  async function userInfo(p: VendorPrincipal) {
    const row = await db
      .selectFrom('users')
      .innerJoin('vendors', 'vendors.id', 'users.vendor_id')
      .select(['users.id', 'users.phone', 'users.account', 'users.name', 'users.avatar', 'users.is_sub', 'vendors.company', 'vendors.id as vendorId'])
      .where('users.id', '=', p.userId)
      .executeTakeFirstOrThrow();
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
