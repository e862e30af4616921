import * as z from 'zod/mini';
import { MSG } from './messages';

// The sign-in forms' field rules in zod/mini (decision 183): the same rules and messages as
// validation.ts's `phone`, `loginPassword` and `requiredText(MSG.accountRequired)`, without zod's
// full API, which the sign-in screens' first load cannot afford (~25 KB gzip). validation.ts keeps
// the server's and the other forms' schemas; login-rules.test.ts holds the two to the same answers.

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const ILLEGAL_TEXT = '输入内容含有非法字符';

/** A required text: missing, non-string or blank all answer `msg`. */
export const requiredTextRule = (msg: string) =>
  z.string({ error: msg }).check(
    z.trim(),
    z.minLength(1, msg),
    z.refine((v) => !CONTROL.test(v), ILLEGAL_TEXT),
  );

/** Main-account phone: required, digits only, 11 digits. */
export const phoneRule = requiredTextRule(MSG.phoneRequired).check(z.regex(/^\d*$/, MSG.digitsOnly), z.length(11, MSG.phoneLength));
export const loginPasswordRule = requiredTextRule(MSG.passwordRequired);
export const accountRule = requiredTextRule(MSG.accountRequired);

/** The first rule's message for `value`, or '' when it passes. */
export function ruleMessage(rule: z.ZodMiniType, value: unknown): string {
  const r = z.safeParse(rule, value);
  return r.success ? '' : (r.error.issues[0]?.message ?? MSG.apiError);
}
