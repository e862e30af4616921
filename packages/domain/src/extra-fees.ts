// Extra fees (加价申请) and price caps (加价上限), issue 46 (decisions 250–254).
import { z } from 'zod';
import { table } from './enums';
import { INT_MAX } from './validation';

export const EXTRA_FEE_REASONS = table<string>([
  ['remote', '远程费'],
  ['height', '高空作业费'],
  ['dismantle', '拆旧机'],
  ['pipe', '加长铜管/配件'],
  ['revisit', '二次上门'],
  ['other', '其他'],
]);

export const EXTRA_FEE_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
export const extraFeeStatus = table<number>([
  [0, '待确认'],
  [1, '已通过'],
  [2, '已驳回'],
]);

/** Who decided a request: the merchant, the cap at once, or the timeout rule (decision 251). */
export const EXTRA_FEE_DECIDER = table<string>([
  ['merchant', '厂家审批'],
  ['cap', '加价上限内自动通过'],
  ['cap_refused', '超出加价上限自动驳回'],
  ['timeout', '超时未处理自动处理'],
]);

/** What a request above what is left of the cap does; what an unanswered request does after the timeout. */
export const OVER_CAP = table<string>([
  ['wait', '等待厂家审批'],
  ['refuse', '直接驳回'],
]);
export const TIMEOUT_ACTION = table<string>([
  ['reject', '自动驳回'],
  ['approve', '上限内自动通过，超出驳回'],
]);
export interface ExtraFeeSettings {
  overCap: 'wait' | 'refuse';
  timeoutHours: number;
  timeoutAction: 'reject' | 'approve';
}
export const DEFAULT_EXTRA_FEE_SETTINGS: ExtraFeeSettings = { overCap: 'wait', timeoutHours: 24, timeoutAction: 'reject' };

/** The order statuses during which the master may ask (待预约, 待施工, 施工中, 待配件; decision 250). */
export const EXTRA_FEE_STATUSES: readonly number[] = [300, 400, 500, 510];

export const EXTRA_FEE_PHOTOS_MAX = 5;
/** A typo guard far above any real fee, in yuan. */
export const EXTRA_FEE_MAX_YUAN = 100_000;
export const EXTRA_FEE_CAP_MAX_YUAN = 100_000;

export const EXTRA_FEE_MSG = {
  reasonRequired: '请选择加价原因',
  reasonTextRequired: '请填写其他原因',
  reasonTextTooLong: '原因最多输入50个字符',
  amountRequired: '请输入加价金额',
  amountFormat: '加价金额须大于0，最多两位小数',
  amountTooLarge: `加价金额不能超过${EXTRA_FEE_MAX_YUAN}元`,
  photosTooMany: `照片最多上传${EXTRA_FEE_PHOTOS_MAX}张`,
  noteTooLong: '备注最多输入200个字符',
  notInService: '当前订单状态不能申请加价（仅服务中的订单可以申请）',
  alreadyPending: '该订单已有待确认的加价申请，请等待厂家处理',
  alreadyDecided: '该加价申请已处理',
  rejectReasonRequired: '请输入驳回原因',
  rejectReasonTooLong: '驳回原因最多输入200个字符',
  insufficient: '账户余额不足，无法通过该加价申请，请先充值',
  overCapRefused: '加价金额超出该订单剩余的加价上限，已按厂家设置自动驳回',
  approved: '已同意加价，费用已从余额扣除',
  rejected: '已驳回加价申请',
  requested: '加价申请已提交，等待厂家确认',
  autoApproved: '加价金额在厂家设置的上限内，已自动通过',
  categoryRequired: '请选择产品分类',
  serviceTypeRequired: '请选择服务类型',
  capRequired: '请输入加价上限',
  capFormat: '加价上限须为不小于0的金额，最多两位小数',
  capTooLarge: `加价上限不能超过${EXTRA_FEE_CAP_MAX_YUAN}元`,
  productNotFound: '产品不存在',
  productCategoryMismatch: '该产品不属于所选分类',
  categoryNotFound: '产品分类不存在',
  capSaved: '加价上限已保存',
  capRemoved: '加价上限已删除',
  settingsSaved: '保存成功',
  timeoutHoursFormat: '超时时间须为1到168小时的整数',
  overCapRequired: '请选择超出上限的处理方式',
  timeoutActionRequired: '请选择超时处理方式',
} as const;

const yuanText = (required: string, format: string, max: number, tooLarge: string, allowZero: boolean) =>
  z
    .union([z.number(), z.string()], { error: required })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => v !== '', required)
    .refine((v) => /^\d{1,9}(\.\d{1,2})?$/.test(v) && (allowZero || Number(v) > 0), format)
    .refine((v) => Number(v) <= max, tooLarge);

const plainText = (max: number, msg: string) => z.string().trim().max(max, msg).optional().nullable().transform((v) => v ?? '');

/** The console's (or a platform system's) request for an extra fee on an order. */
export const extraFeeRequestBody = z
  .object({
    reason: z.string({ error: EXTRA_FEE_MSG.reasonRequired }).refine((v) => EXTRA_FEE_REASONS.has(v), EXTRA_FEE_MSG.reasonRequired),
    reasonText: plainText(50, EXTRA_FEE_MSG.reasonTextTooLong),
    amount: yuanText(EXTRA_FEE_MSG.amountRequired, EXTRA_FEE_MSG.amountFormat, EXTRA_FEE_MAX_YUAN, EXTRA_FEE_MSG.amountTooLarge, false),
    photos: z.array(z.string().trim().min(1).max(500), { error: EXTRA_FEE_MSG.photosTooMany }).max(EXTRA_FEE_PHOTOS_MAX, EXTRA_FEE_MSG.photosTooMany).optional().default([]),
    note: plainText(200, EXTRA_FEE_MSG.noteTooLong),
  })
  .superRefine((b, ctx) => {
    if (b.reason === 'other' && !b.reasonText) ctx.addIssue({ code: 'custom', message: EXTRA_FEE_MSG.reasonTextRequired, path: ['reasonText'] });
  });
export type ExtraFeeRequestInput = z.infer<typeof extraFeeRequestBody>;

export const extraFeeRejectBody = z.object({
  reason: z.string({ error: EXTRA_FEE_MSG.rejectReasonRequired }).trim().min(1, EXTRA_FEE_MSG.rejectReasonRequired).max(200, EXTRA_FEE_MSG.rejectReasonTooLong),
});

const idField = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg).max(INT_MAX, msg);

/** A cap per product category and service type, and optionally per product (decision 252). */
export const extraFeeCapBody = z.object({
  categoryId: idField(EXTRA_FEE_MSG.categoryRequired),
  serviceType: z.coerce.number({ error: EXTRA_FEE_MSG.serviceTypeRequired }).int().min(1, EXTRA_FEE_MSG.serviceTypeRequired).max(5, EXTRA_FEE_MSG.serviceTypeRequired),
  productId: z.preprocess((v) => (v === '' || v === null || v === undefined || v === 0 ? undefined : v), idField(EXTRA_FEE_MSG.productNotFound).optional()),
  cap: yuanText(EXTRA_FEE_MSG.capRequired, EXTRA_FEE_MSG.capFormat, EXTRA_FEE_CAP_MAX_YUAN, EXTRA_FEE_MSG.capTooLarge, true),
});
export type ExtraFeeCapInput = z.infer<typeof extraFeeCapBody>;

export const extraFeeSettingsBody = z.object({
  overCap: z.enum(['wait', 'refuse'], { error: EXTRA_FEE_MSG.overCapRequired }),
  timeoutHours: z.coerce.number({ error: EXTRA_FEE_MSG.timeoutHoursFormat }).int(EXTRA_FEE_MSG.timeoutHoursFormat).min(1, EXTRA_FEE_MSG.timeoutHoursFormat).max(168, EXTRA_FEE_MSG.timeoutHoursFormat),
  timeoutAction: z.enum(['reject', 'approve'], { error: EXTRA_FEE_MSG.timeoutActionRequired }),
});

export const extraFeeListQuery = z.object({
  status: z.preprocess((v) => (v === '' || v == null ? undefined : Number(v)), z.number().int().min(0).max(2).optional().catch(undefined)),
  pageNum: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20),
});

/** The reason as one shows it: 其他 with its text. */
export const extraFeeReasonText = (reason: string, text: string) => (reason === 'other' ? `其他：${text}` : EXTRA_FEE_REASONS.label(reason) || reason);

/** The merchant's API (vendor side; the approvals are also reached with an API key, decision 253). */
export const EXTRA_FEE_API = {
  ofOrder: (orderId: number | string) => `/api/app/extraFees/order/${orderId}`,
  approve: (id: number | string) => `/api/app/extraFees/approve/${id}`,
  reject: (id: number | string) => `/api/app/extraFees/reject/${id}`,
  caps: '/api/app/extraFeeCaps',
  capRemove: (id: number | string) => `/api/app/extraFeeCaps/remove/${id}`,
  capLogs: '/api/app/extraFeeCaps/logs',
  settings: '/api/app/extraFeeCaps/settings',
} as const;

/** The console's API (role platform): what the master sees before asking, the request, the list. */
export const PLATFORM_EXTRA_FEE_API = {
  ofOrder: (orderId: number | string) => `/api/platform/extraFees/order/${orderId}`,
  list: '/api/platform/extraFees/list',
} as const;
