import { randomInt } from 'node:crypto';
import type { DB, Tx } from '../../db/database';
import type { SmsSender } from '../../lib/sms';
import { badRequest } from '../../lib/errors';
import { isoIn, nowIso, shanghaiToday } from '../../lib/time';
import * as repo from './sms-codes.repository';

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

/**
 * Claims one send for this phone in one statement (decision 112): the phone's counter row is
 * created, or updated only when the last send is 60 s old and today's count is under the cap. No row
 * back means refused; which message is read afterwards, for the text only.
 */
async function claimSend(db: DB, phone: string) {
  const intervalStart = new Date(Date.now() - SMS_RESEND_MS).toISOString();
  if (await repo.claimSmsSend(db, phone, shanghaiToday(), nowIso(), intervalStart, SMS_DAILY_CAP)) return;
  const row = await repo.findSmsSendLimit(db, phone);
  throw badRequest(row && row.last_sent_at > intervalStart ? SMS_TOO_FREQUENT : SMS_DAILY_LIMIT);
}

export async function issueSmsCode(db: DB, sms: SmsSender, phone: string, type: string) {
  await claimSend(db, phone);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // A newer code replaces older unused ones of the same purpose.
  await repo.replaceSmsCode(db, { phone, type, code, now: nowIso(), expiresAt: isoIn(SMS_TTL_MS) });
  await sms.send(phone, `【厂家服务下单门户】您的${PURPOSE[type] ?? ''}验证码为${code}，5分钟内有效，请勿泄露给他人。`);
}

/**
 * Checks the latest code of that purpose. Every check first claims an attempt in one conditional
 * UPDATE … RETURNING (attempts under the cap, unused, unexpired), then compares: once the cap is
 * reached no guess is compared, the right code included (decision 112).
 * Answers the code's id; `consume: false` only checks (a two-step flow consumes it later with
 * consumeSmsCode, in the transaction that acts on it).
 */
export async function verifySmsCode(db: DB, phone: string, type: string, code: string, consume = true): Promise<number> {
  const latest = await repo.findLatestSmsCode(db, phone, type);
  if (!latest) throw badRequest(SMS_EXPIRED);
  const claimed = await repo.claimSmsAttempt(db, latest.id, SMS_MAX_ATTEMPTS, nowIso());
  if (!claimed) throw badRequest(SMS_EXPIRED);
  if (claimed.code !== code) throw badRequest(claimed.attempts >= SMS_MAX_ATTEMPTS ? SMS_EXPIRED : SMS_WRONG);
  if (consume) await consumeSmsCode(db, latest.id);
  return latest.id;
}

/** Uses a checked code up: a conditional update, so a code serves one request however many race. */
export async function consumeSmsCode(db: DB | Tx, id: number) {
  if (!(await repo.markSmsCodeUsed(db, id))) throw badRequest(SMS_EXPIRED);
}
