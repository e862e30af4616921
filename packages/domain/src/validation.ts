import { z } from 'zod';
import { MSG } from './messages';
import { SMS_TYPES } from './enums';

// Every message zod writes itself (a wrong type, a bound without a message of ours) is Chinese:
// the zh-CN locale, configured once below. Every schema file of this package imports this module,
// so no schema parses before it (decision 124).

// ---- input limits (issue 14, decision 125): what no form sends is refused in Chinese, never
// passed on to the database (PostgreSQL answers a NUL byte or an integer ≥ 2^31 with an error).

/** Texts the spec does not give for refused input. */
export const INPUT_MSG = {
  illegalText: '输入内容含有非法字符',
  badId: '编号不正确',
  tooManyIds: '一次最多选择1000条',
  amountTooLarge: '金额过大',
  /** Only from the server's last guard (a database data error): the fuzz test expects none. */
  outOfRange: '请求参数超出范围',
  /** A value of the wrong kind (a list for a text, an object for a number…) where the spec has no text. */
  badFormat: '输入内容格式不正确',
  badOption: '选项不正确',
  /** Over-long texts whose missing-value message the spec gives (请输入姓名, 请输入您的公司/店铺名称). */
  nameTooLong: '姓名最多输入30个字符',
  /** The order's customer (客户姓名, 50 characters). */
  customerNameTooLong: '客户姓名最多输入50个字符',
  companyTooLong: '公司名称最多输入100个字符',
} as const;

const zhCN = z.locales.zhCN();
/** A bound without a message of ours, said in words: 最多输入400个字符, 不能大于10, 最多选择20项. */
function boundMessage(issue: { code: 'too_big' | 'too_small'; origin?: string; maximum?: unknown; minimum?: unknown; inclusive?: boolean }) {
  const big = issue.code === 'too_big';
  const n = Number(big ? issue.maximum : issue.minimum);
  if (issue.origin === 'string') return big ? `最多输入${n}个字符` : n <= 1 ? '请输入内容' : `至少输入${n}个字符`;
  if (issue.origin === 'array' || issue.origin === 'set') return big ? `最多选择${n}项` : `至少选择${n}项`;
  if (big) return issue.inclusive === false ? `必须小于${n}` : `不能大于${n}`;
  return issue.inclusive === false ? `必须大于${n}` : `不能小于${n}`;
}
z.config({
  // The locale names the types in English ("期望 object，实际接收 数组"): a wrong kind of value and
  // a value outside a list answer a plain Chinese text instead; every other message is the locale's.
  localeError: (issue) => {
    if (issue.code === 'invalid_type' || issue.code === 'invalid_format' || issue.code === 'invalid_union') return INPUT_MSG.badFormat;
    if (issue.code === 'invalid_value') return INPUT_MSG.badOption;
    if (issue.code === 'too_big' || issue.code === 'too_small') return boundMessage(issue);
    return zhCN.localeError(issue);
  },
});

/** The largest id, status or node code a column holds (a 32-bit integer on PostgreSQL). */
export const INT_MAX = 2_147_483_647;
/** At most this many ids in one batch or export. */
export const IDS_MAX = 1000;
/** A page of a list: at most 100 rows, except the product picker's 9999 (spec 02 §7). */
export const PAGE_SIZE_MAX = 100;
export const PRODUCT_PICKER_PAGE_SIZE = 9999;
/** The largest amount in yuan a form may send (fen stay far inside a 64-bit column). */
export const YUAN_MAX = 9_999_999;
/** A whole-yuan amount as text or number: 1…YUAN_MAX. */
export const isWholeYuan = (v: unknown) => /^\d{1,7}$/.test(String(v ?? '').trim()) && Number(String(v).trim()) > 0;


// Field rules with the spec's exact messages, in the spec's order: the first failing rule's
// message is what the user sees, on the form and from the server alike.

/** A required text: missing, non-string or blank all answer `msg`. */
export const requiredText = (msg: string) => z.string({ error: msg }).trim().min(1, msg).refine((v) => !hasControlChars(v), INPUT_MSG.illegalText);
export const optionalText = (max: number, msg = `最多输入${max}个字符`) =>
  z.string().trim().max(max, msg).refine((v) => !hasControlChars(v), INPUT_MSG.illegalText).optional().nullable().transform((v) => v ?? '');

export const phone = requiredText(MSG.phoneRequired).regex(/^\d*$/, MSG.digitsOnly).length(11, MSG.phoneLength);
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
export const company = requiredText(MSG.companyRequired).max(100, INPUT_MSG.companyTooLong);
export const ACCOUNT_TEXT = /^[0-9A-Za-z\u4e00-\u9fa5]*$/;
export const subAccountLogin = requiredText(MSG.accountRequired).regex(ACCOUNT_TEXT, MSG.accountChars).min(2, MSG.accountLength).max(20, MSG.accountLength);
export const text400 = optionalText(400);
export const positiveInt = z.coerce.number({ error: MSG.positiveInteger }).int(MSG.positiveInteger).positive(MSG.positiveInteger).max(INT_MAX, MSG.positiveInteger);
export const smsType = z.enum(SMS_TYPES);

/** NUL and the other control characters; a textarea may send tab and line breaks. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const hasControlChars = (text: string) => CONTROL.test(text);

/** Any text of the request (body, query, path): true when some string carries a control character. */
export function containsControlChars(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsControlChars(v, depth + 1));
  return Object.entries(value).some(([k, v]) => CONTROL.test(k) || containsControlChars(v, depth + 1));
}

/** A positive id within the column's range, from a number or a digit string. */
export const id = z.coerce.number({ error: INPUT_MSG.badId }).int(INPUT_MSG.badId).positive(INPUT_MSG.badId).max(INT_MAX, INPUT_MSG.badId);
/** A path or query id: the number, or null for anything that is not one (the caller answers 404). */
export const idValue = (raw: unknown): number | null => {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 && n <= INT_MAX ? n : null;
};
/** An id list as an array or a comma-joined text: the valid ids, refused beyond IDS_MAX. */
export const idList = (emptyMsg: string, max = IDS_MAX) =>
  z
    .union([z.array(z.union([z.number(), z.string()])), z.string(), z.number()], { error: emptyMsg })
    .refine((v) => (Array.isArray(v) ? v.length : String(v).split(',').length) <= max, max === IDS_MAX ? INPUT_MSG.tooManyIds : `一次最多选择${max}条`)
    .transform((v) => (Array.isArray(v) ? v : String(v).split(',')).map(idValue).filter((n): n is number => n !== null));
/** A page size: 1…max, anything else the default. */
export const pageSizeOf = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).catch(fallback);
export const pageQueryOf = (maxSize: number) =>
  z.object({
    pageNum: z.coerce.number().int().min(1).max(1_000_000).catch(1),
    pageSize: pageSizeOf(maxSize, 10),
  });
export const pageQuery = pageQueryOf(PAGE_SIZE_MAX);

// ---- access (spec 01 §5, §7)
export const sendCodeBody = z.object({ phone, code: captchaText, uuid: requiredText(MSG.captchaRequired), type: smsType });
/** A code to the caller's own bound phone: to verify it before a change (oldPhone) or to change the password (forget). */
export const sendOldPhoneCodeBody = z.object({ code: captchaText, uuid: requiredText(MSG.captchaRequired), type: z.enum(['oldPhone', 'forget']).optional().default('oldPhone') });
/** The spec's loose flag: true, 1, "1" or "true" mean yes; anything else (absent, 0, false) no. */
export const looseFlag = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean());
const withLooseSubFlag = (body: unknown) =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...body, isSubAccount: looseFlag.parse((body as { isSubAccount?: unknown }).isSubAccount) } : body;
export const passwordLoginBody = z.preprocess(
  withLooseSubFlag,
  z.discriminatedUnion('isSubAccount', [
    z.object({ isSubAccount: z.literal(false), phone, password: loginPassword }),
    z.object({ isSubAccount: z.literal(true), account: requiredText(MSG.accountRequired).max(20, MSG.accountLength), password: loginPassword }),
  ]),
);
export const smsLoginBody = z.object({ phone, captcha: smsCode, isSubAccount: looseFlag });
export const registerBody = z.object({ phone, captcha: smsCode, company, password: newPassword });
export const forgetBody = z.object({ phone, captcha: smsCode, password: newPassword });
export const changePasswordBody = z.object({ captcha: smsCode, password: changePassword });
export const changePhoneCaptchaBody = z.object({ captcha: smsCode });
export const changePhoneBody = z.object({ captcha: smsCode, newCaptcha: smsCode, newPhone: phone });

// ---- sub-accounts
export const subAccountBody = z.object({
  id: id.optional(),
  name: requiredText(MSG.nameRequired).max(30, INPUT_MSG.nameTooLong),
  phone: optionalPhone,
  account: subAccountLogin,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).min(6, MSG.passwordLength).max(20, MSG.passwordLength),
});

export type Issue = { message: string };
/** The first rule's message of a failed parse: what a user sees. */
export const firstMessage = (error: { issues: Issue[] }) => error.issues[0]?.message ?? MSG.apiError;
