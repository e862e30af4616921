import { randomInt } from 'node:crypto';
import type { DB } from '../../db/database';
import type { SmsSender } from '../../lib/sms';
import { badRequest } from '../../lib/errors';
import { isoIn, nowIso, shanghaiToday, fromShanghai } from '../../lib/time';

export const SMS_TTL_MS = 5 * 60 * 1000;
export const SMS_RESEND_MS = 60 * 1000;
export const SMS_DAILY_CAP = 10;
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_TOO_FREQUENT = '验证码发送过于频繁，请60秒后再试';
export const SMS_DAILY_LIMIT = '今日验证码发送次数已达上限，请明天再试';
export const SMS_WRONG = '短信验证码错误';
export const SMS_EXPIRED = '短信验证码已失效，请重新获取';

const PURPOSE: Record<string, string> = {
  login: '登录',
  register: '注册',
  forget: '找回密码',
  changePhone: '更换手机号',
  oldPhone: '验证原手机号',
};

export async function issueSmsCode(db: DB, sms: SmsSender, phone: string, type: string) {
  const last = await db
    .selectFrom('sms_codes')
    .select('created_at')
    .where('phone', '=', phone)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last && Date.parse(last.created_at) > Date.now() - SMS_RESEND_MS) throw badRequest(SMS_TOO_FREQUENT);
  const dayStart = fromShanghai(shanghaiToday())!;
  const { n } = await db
    .selectFrom('sms_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('phone', '=', phone)
    .where('created_at', '>=', dayStart)
    .executeTakeFirstOrThrow();
  if (Number(n) >= SMS_DAILY_CAP) throw badRequest(SMS_DAILY_LIMIT);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // A newer code replaces older unused ones of the same purpose.
  await db.updateTable('sms_codes').set({ used: 1 }).where('phone', '=', phone).where('type', '=', type).where('used', '=', 0).execute();
  await db.insertInto('sms_codes').values({ phone, type, code, created_at: nowIso(), expires_at: isoIn(SMS_TTL_MS) }).execute();
  await sms.send(phone, `【厂家服务下单门户】您的${PURPOSE[type] ?? ''}验证码为${code}，5分钟内有效，请勿泄露给他人。`);
}

/**
 * Checks the latest code of that purpose; wrong guesses count and too many burn it.
 * `consume: false` only checks (the first step of a two-step flow that consumes it later).
 */
export async function verifySmsCode(db: DB, phone: string, type: string, code: string, consume = true) {
  const row = await db
    .selectFrom('sms_codes')
    .selectAll()
    .where('phone', '=', phone)
    .where('type', '=', type)
    .where('used', '=', 0)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.expires_at < nowIso()) throw badRequest(SMS_EXPIRED);
  if (row.code !== code) {
    const attempts = row.attempts + 1;
    await db.updateTable('sms_codes').set({ attempts, used: attempts >= SMS_MAX_ATTEMPTS ? 1 : 0 }).where('id', '=', row.id).execute();
    throw badRequest(attempts >= SMS_MAX_ATTEMPTS ? SMS_EXPIRED : SMS_WRONG);
  }
  if (!consume) return;
  const consumed = await db.updateTable('sms_codes').set({ used: 1 }).where('id', '=', row.id).where('used', '=', 0).executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1) throw badRequest(SMS_EXPIRED);
}
