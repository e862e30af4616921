import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { CODE } from '@portal/domain/codes';
import { MSG } from '@portal/domain/messages';
import type { DB, Tx } from '../../db/database';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import { consumeCaptcha } from '../../lib/captcha';
import * as failuresRepo from './login-failures.repository';

// Password attempts (decisions 112 and 113). Counted per login name (`subject`) and client address
// (`source`), plus one row per name for every address ('*'). Each check first claims an attempt in one
// conditional upsert, then compares the password:
// - an address with MAX_FAILED_LOGINS failures in a row is locked out of that name for LOCK_MINUTES;
//   other addresses are not, so a stranger cannot lock the owner out of a device that never failed;
// - after CAPTCHA_AFTER failures of the name from anywhere, a check also needs the graphic captcha.
// Keyed by the name typed, not the user: an unknown name behaves exactly like a known one.

export const MAX_FAILED_LOGINS = 5;
export const CAPTCHA_AFTER = 3;
export const LOCK_MINUTES = 15;
export const WRONG_CREDENTIALS = '账号或密码错误';
export const lockedMessage = (minutes: number) => `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`;
const WINDOW_MS = LOCK_MINUTES * 60000;
const EVERYWHERE = '*';

export const loginSubject = {
  main: (phone: string) => `main:${phone}`,
  sub: (account: string) => `sub:${account}`,
  operator: (account: string) => `op:${account}`,
};

/** A refused password check; `captchaRequired` tells the login form to show the graphic captcha. */
export class LoginRefused extends AppError {
  constructor(
    message: string,
    public readonly captchaRequired: boolean,
  ) {
    super(CODE.badRequest, message);
  }
}

/** The optional graphic captcha of a password login (`uuid`, `code`, as sendCode takes them). */
export const loginCaptchaBody = z.object({ uuid: z.string().max(64).optional().catch(undefined), code: z.string().max(20).optional().catch(undefined) });

export interface PasswordCheck {
  subject: string;
  /** The client's address. */
  source: string;
  /** The graphic captcha sent with the login, if any. */
  captcha?: { uuid?: string; code?: string };
  /** Login forms: after CAPTCHA_AFTER failures of the name, the captcha is required. */
  captchaGate: boolean;
  /** The refusal for a wrong password below the lock. */
  wrong?: string;
}

/** Claims one attempt in one statement: created, or counted while under `limit` (or after a quiet window). */
const claim = (db: DB | Tx, subject: string, source: string, limit: number | null) =>
  failuresRepo.claimAttempt(db, subject, source, limit, nowIso(), new Date(Date.now() - WINDOW_MS).toISOString());

/** Minutes left of this address's lock on the name, or 0 (a read that picks the message; the claim is the guard). */
async function lockMinutesLeft(db: DB, subject: string, source: string) {
  const row = await failuresRepo.findFailures(db, subject, source);
  if (!row || row.failures < MAX_FAILED_LOGINS) return 0;
  const left = Date.parse(row.last_at) + WINDOW_MS - Date.now();
  return left > 0 ? Math.max(1, Math.ceil(left / 60000)) : 0;
}

/**
 * Runs `check` (the password comparison) under the limits above; answers normally when it passes,
 * throws LoginRefused otherwise. Nothing is compared once the address is locked or the captcha is
 * missing when required.
 */
export async function guardPasswordCheck(db: DB, p: PasswordCheck, check: () => Promise<boolean>): Promise<void> {
  const minutes = await lockMinutesLeft(db, p.subject, p.source);
  if (minutes) throw new LoginRefused(lockedMessage(minutes), p.captchaGate);
  let everywhere: number | null = null;
  if (p.captchaGate) {
    const withCaptcha = !!(p.captcha?.uuid || p.captcha?.code);
    if (withCaptcha) {
      try {
        await consumeCaptcha(db, p.captcha?.uuid ?? '', p.captcha?.code ?? '');
      } catch (e) {
        throw new LoginRefused((e as Error).message, true);
      }
    }
    everywhere = await claim(db, p.subject, EVERYWHERE, withCaptcha ? null : CAPTCHA_AFTER);
    if (everywhere === null) throw new LoginRefused(MSG.loginNeedsCaptcha, true);
  }
  const failures = await claim(db, p.subject, p.source, MAX_FAILED_LOGINS);
  if (failures === null) throw new LoginRefused(lockedMessage(Math.max(1, await lockMinutesLeft(db, p.subject, p.source))), p.captchaGate);
  if (await check()) {
    await clearFailures(db, p.subject, p.source);
    return;
  }
  const needCaptcha = everywhere !== null && everywhere >= CAPTCHA_AFTER;
  throw new LoginRefused(failures >= MAX_FAILED_LOGINS ? lockedMessage(LOCK_MINUTES) : (p.wrong ?? WRONG_CREDENTIALS), needCaptcha);
}

/** A success from `source`: the name's count and this address's count start again (other addresses keep theirs). */
export const clearFailures = (db: DB | Tx, subject: string, source: string) => failuresRepo.deleteFailures(db, subject, [EVERYWHERE, source]);

/** A new password: every count of the name starts again. */
export const clearAllFailures = (db: DB | Tx, subject: string) => failuresRepo.deleteAllFailures(db, subject);

// The cost of a password comparison for a name that does not exist, so that timing tells nothing.
let dummyHash: Promise<string> | null = null;
/** Compares against `hash`, or against a throw-away hash when there is none (answers false). */
export async function verifyOrDummy(password: string, hash: string | null | undefined): Promise<boolean> {
  if (hash) return verifyPassword(password, hash);
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}

/** Runs a login; a LoginRefused answers its message with `data: { captchaRequired }` for the form. */
export async function answerLogin<T>(run: () => Promise<T>): Promise<T | { code: typeof CODE.badRequest; msg: string; data: { captchaRequired: boolean } }> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof LoginRefused) return { code: CODE.badRequest, msg: e.message, data: { captchaRequired: e.captchaRequired } };
    throw e;
  }
}
