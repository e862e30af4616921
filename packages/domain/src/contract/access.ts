import { z } from 'zod';
import { CODE } from '../codes';
import { envelope, refusal } from './envelope';

/** Answers of sign-in, registration and the account's own settings (spec 01 §5, §7). */

export const captchaImage = z.object({ uuid: z.string(), img: z.string().describe('data:image/svg+xml;base64,…') });
export const sessionToken = z.object({ token: z.string().describe('放在请求头 token 中') });

/** A refused sign-in: the form shows the graphic captcha from now on when `captchaRequired`. */
export const loginRefused = z.object({
  code: z.literal([CODE.badRequest]),
  msg: z.string(),
  data: z.object({ captchaRequired: z.boolean() }),
});
/** Sign-in answers: the token, a refusal with `captchaRequired`, or another refusal. */
export const loginAnswer = z.union([z.object({ code: z.literal(CODE.ok), msg: z.string(), data: sessionToken }), loginRefused, refusal]);
/** The password change may be refused as a sign-in is (a wrong old password counts as a failed attempt). */
export const passwordChangeAnswer = z.union([z.object({ code: z.literal(CODE.ok), msg: z.string(), data: z.null() }), loginRefused, refusal]);

export const userInfo = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  phone: z.string(),
  account: z.string(),
  name: z.string(),
  avatar: z.string(),
  company: z.string(),
  subAccountFlag: z.number().int().describe('1 子账号，0 主账号'),
  role: z.string().describe('manufacturer'),
  permissions: z.array(z.string()).describe("权限键；主账号为 ['*:*:*']"),
  dataScopes: z.record(z.string(), z.number().int()).describe('权限键 → 数据范围（0 全部，1 本人）'),
});
export const userInfoAnswer = envelope(userInfo);

/** The signed-in operator (console). */
export const operatorInfo = z.object({ id: z.number().int(), name: z.string(), role: z.literal('platform') });
