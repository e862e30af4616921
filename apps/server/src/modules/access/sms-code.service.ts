import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { DB, Tx } from '../../db/database';
import type { SmsSender } from '../../lib/sms';
import { badRequest } from '../../lib/errors';
import { isoIn, nowIso, shanghaiToday } from '../../lib/time';

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
  const now = nowIso();
  const day = shanghaiToday();
  const intervalStart = new Date(Date.now() - SMS_RESEND_MS).toISOString();
  const claimed = await db
    .insertInto('sms_send_limits')
    .values({ phone, day, day_count: 1, last_sent_at: now })
    .onConflict((oc) =>
      oc
        .column('phone')
        .doUpdateSet({
          day_count: sql<number>`case when sms_send_limits.day = excluded.day then sms_send_limits.day_count + 1 else 1 end`,
          day: sql<string>`excluded.day`,
          last_sent_at: sql<string>`excluded.last_sent_at`,
        })
        .where('sms_send_limits.last_sent_at', '<=', intervalStart)
        .where((eb) => eb.or([eb('sms_send_limits.day', '<>', day), eb('sms_send_limits.day_count', '<', SMS_DAILY_CAP)])),
    )
    .returning('day_count')
    .executeTakeFirst();
  if (claimed) return;
  const row = await db.selectFrom('sms_send_limits').select(['last_sent_at']).where('phone', '=', phone).executeTakeFirst();
  throw badRequest(row && row.last_sent_at > intervalStart ? SMS_TOO_FREQUENT : SMS_DAILY_LIMIT);
}

export async function issueSmsCode(db: DB, sms: SmsSender, phone: string, type: string) {
  await claimSend(db, phone);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction().execute(async (tx) => {
    // A newer code replaces older unused ones of the same purpose.
    await tx.updateTable('sms_codes').set({ used: 1 }).where('phone', '=', phone).where('type', '=', type).where('used', '=', 0).execute();
    await tx.insertInto('sms_codes').values({ phone, type, code, created_at: nowIso(), expires_at: isoIn(SMS_TTL_MS) }).execute();
  });
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
  const latest = await db
    .selectFrom('sms_codes')
    .select('id')
    .where('phone', '=', phone)
    .where('type', '=', type)
    .where('used', '=', 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) throw badRequest(SMS_EXPIRED);
  const claimed = await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', latest.id)
    .where('used', '=', 0)
    .where('attempts', '<', SMS_MAX_ATTEMPTS)
    .where('expires_at', '>', nowIso())
    .returning(['code', 'attempts'])
    .executeTakeFirst();
  if (!claimed) throw badRequest(SMS_EXPIRED);
  if (claimed.code !== code) throw badRequest(claimed.attempts >= SMS_MAX_ATTEMPTS ? SMS_EXPIRED : SMS_WRONG);
  if (consume) await consumeSmsCode(db, latest.id);
  return latest.id;
}

/** Uses a checked code up: a conditional update, so a code serves one request however many race. */
export async function consumeSmsCode(db: DB | Tx, id: number) {
  const used = await db.updateTable('sms_codes').set({ used: 1 }).where('id', '=', id).where('used', '=', 0).returning('id').executeTakeFirst();
  if (!used) throw badRequest(SMS_EXPIRED);
}
