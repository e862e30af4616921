import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { DB } from '../db/database';
import { badRequest } from './errors';
import { isoIn, nowIso } from './time';
import { findLiveCaptcha, insertCaptcha, takeCaptcha } from './captcha.repository';

const CAPTCHA_TTL_MS = 3 * 60 * 1000;
export const CAPTCHA_WRONG = '图形验证码错误';
export const CAPTCHA_EXPIRED = '图形验证码已失效，请刷新后重试';

export async function createCaptcha(db: DB) {
  const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f2f5fa', width: 120, height: 40 });
  const uuid = randomUUID();
  // Expired captchas are deleted by the periodic purge (db/purge.ts), never by this public call.
  await insertCaptcha(db, { uuid, text: c.text.toLowerCase(), expiresAt: isoIn(CAPTCHA_TTL_MS) });
  return { uuid, img: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
}

/** Single use: the captcha is gone after any check, right or wrong. */
export async function consumeCaptcha(db: DB, uuid: string, text: string) {
  const row = await takeCaptcha(db, uuid);
  if (!row || row.expires_at < nowIso()) throw badRequest(CAPTCHA_EXPIRED);
  if (row.text !== text.trim().toLowerCase()) throw badRequest(CAPTCHA_WRONG);
}

export const peekCaptcha = (db: DB, uuid: string) => findLiveCaptcha(db, uuid, nowIso());
