import { z } from 'zod';
import { MSG } from './messages';
import { SMS_TYPES } from './enums';

// Field rules with the spec's exact messages, in the spec's order: the first failing rule's
// message is what the user sees, on the form and from the server alike.

/** A required text: missing, non-string or blank all answer `msg`. */
export const requiredText = (msg: string) => z.string({ error: msg }).trim().min(1, msg);
export const optionalText = (max: number, msg = `最多输入${max}个字符`) =>
  z.string().trim().max(max, msg).optional().nullable().transform((v) => v ?? '');

export const phone = requiredText(MSG.phoneRequired).regex(/^\d*$/, MSG.digitsOnly).length(11, MSG.phoneLength);
export const customerPhone = requiredText(MSG.phoneRequiredShort).regex(/^\d*$/, MSG.digitsOnly).length(11, MSG.phoneLength);
/** Generic pattern: 1, then 3-9, then 9 digits. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const phoneFormat = z.string({ error: MSG.phoneFormat }).trim().regex(PHONE_PATTERN, MSG.phoneFormat);
export const optionalPhone = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v) => v ?? '')
  .refine((v) => v === '' || PHONE_PATTERN.test(v), MSG.phoneFormat);

export const smsCode = requiredText(MSG.smsRequired).regex(/^\d*$/, MSG.digitsOnly).length(6, MSG.smsLength);
export const captchaText = requiredText(MSG.captchaRequired);
export const loginPassword = requiredText(MSG.passwordRequired);
export const newPassword = z.string({ error: MSG.passwordSet }).min(1, MSG.passwordSet).min(6, MSG.passwordLength).max(20, MSG.passwordLength);
export const changePassword = z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).min(6, MSG.passwordLength).max(20, MSG.passwordLength);
export const company = requiredText(MSG.companyRequired).max(100, MSG.companyRequired);
export const ACCOUNT_TEXT = /^[0-9A-Za-z\u4e00-\u9fa5]*$/;
export const accountText = z.string().regex(ACCOUNT_TEXT, MSG.illegalChars);
export const subAccountLogin = requiredText(MSG.accountRequired).regex(ACCOUNT_TEXT, MSG.accountChars).min(2, MSG.accountLength).max(20, MSG.accountLength);
export const text400 = optionalText(400);
export const positiveInt = z.coerce.number({ error: MSG.positiveInteger }).int(MSG.positiveInteger).positive(MSG.positiveInteger);
export const id = z.coerce.number().int().positive();
export const smsType = z.enum(SMS_TYPES);

export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).catch(1),
  pageSize: z.coerce.number().int().min(1).max(9999).catch(10),
});

// ---- access (spec 01 §5, §7)
export const sendCodeBody = z.object({ phone, code: captchaText, uuid: requiredText(MSG.captchaRequired), type: smsType });
/** A code to the caller's own bound phone: to verify it before a change (oldPhone) or to change the password (forget). */
export const sendOldPhoneCodeBody = z.object({ code: captchaText, uuid: requiredText(MSG.captchaRequired), type: z.enum(['oldPhone', 'forget']).optional().default('oldPhone') });
export const passwordLoginBody = z.discriminatedUnion('isSubAccount', [
  z.object({ isSubAccount: z.literal(false), phone, password: loginPassword }),
  z.object({ isSubAccount: z.literal(true), account: requiredText(MSG.accountRequired), password: loginPassword }),
]);
export const smsLoginBody = z.object({ phone, captcha: smsCode, isSubAccount: z.boolean().optional() });
export const registerBody = z.object({ phone, captcha: smsCode, company, password: newPassword });
export const forgetBody = z.object({ phone, captcha: smsCode, password: newPassword });
export const changePasswordBody = z.object({ captcha: smsCode, password: changePassword });
export const changePhoneCaptchaBody = z.object({ captcha: smsCode });
export const changePhoneBody = z.object({ captcha: smsCode, newCaptcha: smsCode, newPhone: phone });

// ---- sub-accounts
export const subAccountBody = z.object({
  id: id.optional(),
  name: requiredText(MSG.nameRequired).max(30, MSG.nameRequired),
  phone: optionalPhone,
  account: subAccountLogin,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).min(6, MSG.passwordLength).max(20, MSG.passwordLength),
});

export type Issue = { message: string };
/** The first rule's message of a failed parse: what a user sees. */
export const firstMessage = (error: { issues: Issue[] }) => error.issues[0]?.message ?? MSG.apiError;
