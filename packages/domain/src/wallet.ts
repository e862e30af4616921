// Wallet: top-up, ledger filters and the platform's balance adjustments (spec 01 §3, §4, §7, §9).
import { z } from 'zod';
import { MSG } from './messages';
import { PAYMENT_TYPE, PAY_STATUS_REJECTED, paymentType, changeType, payStatus } from './enums';
import { INT_MAX, pageQuery } from './validation';

/** Texts of the wallet that the spec does not give (see docs/decisions/030). */
export const WALLET_MSG = {
  insufficient: '余额不足，请先充值',
  proofNotOwn: '凭证图片不存在，请重新上传',
  remarksTooLong: '备注最多输入400个字符',
  amountTooLarge: '充值金额过大',
  reasonRequired: '请输入原因',
  adjustAmountRequired: '请输入金额',
  adjustAmountFormat: '金额须大于0且最多两位小数',
  adjustTypeRequired: '请选择款项类型',
  vendorRequired: '请选择厂家',
  alreadyHandled: '该充值已处理',
  orderNoFormat: '订单号格式不正确',
  vendorInsufficient: '厂家余额不足，无法扣款',
  confirmOk: '已确认到账',
  rejectOk: '已驳回',
  exportName: '收支明细',
} as const;

/** Pay status name, including the platform's refusal of a top-up (5, docs/decisions/030). */
export const PAY_STATUS_REJECTED_LABEL = '已驳回';
export const payStatusLabel = (v: number | null | undefined) => (v === PAY_STATUS_REJECTED ? PAY_STATUS_REJECTED_LABEL : payStatus.label(v));

export const RECHARGE_PRESETS = [500, 1000, 3000, 5000] as const;
/** One top-up at most ¥10,000,000: a typo guard, far above any real transfer. */
export const RECHARGE_MAX_YUAN = 10_000_000;
export const REMARKS_MAX = 400;

/** POST /api/app/recordss: rechargeAmount is whole yuan; credentials is one uploaded image path. */
export const rechargeBody = z.object({
  rechargeAmount: z
    .union([z.number(), z.string()], { error: MSG.rechargeAmountRequired })
    .refine((v) => String(v).trim() !== '', MSG.rechargeAmountRequired)
    .refine((v) => /^\d+$/.test(String(v).trim()) && Number(v) > 0, MSG.positiveInteger)
    .transform((v) => Number(v))
    .refine((v) => v <= RECHARGE_MAX_YUAN, WALLET_MSG.amountTooLarge),
  credentials: z
    .string({ error: MSG.proofRequired })
    .trim()
    .min(1, MSG.proofRequired)
    .refine((v) => !v.includes(','), MSG.proofRequired),
  remarks: z.string({ error: WALLET_MSG.remarksTooLong }).trim().max(REMARKS_MAX, WALLET_MSG.remarksTooLong).optional().nullable().transform((v) => v ?? ''),
});

const optionalInt = (allowed: (v: number) => boolean) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
    z.number().int().refine(allowed).optional().catch(undefined),
  );
const optionalText = z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim() : undefined), z.string().max(64).optional().catch(undefined));

/** Filters of GET /api/app/records/list and POST /api/app/records/export (unknown values are ignored). */
export const recordsQuery = z.object({
  changeType: optionalInt((v) => changeType.has(v)),
  paymentType: optionalInt((v) => paymentType.has(v)),
  minPayTime: optionalText,
  maxPayTime: optionalText,
  orderNo: optionalText,
});
export const recordsPageQuery = recordsQuery.extend(pageQuery.shape);
export type RecordsQuery = z.infer<typeof recordsQuery>;

/** One ledger row as the API answers it (money in yuan). */
export interface AccountRecord {
  id: number;
  orderNo: string;
  paymentType: number;
  payTime: string;
  payAmount: number;
  changeType: number;
  beforeBalance: number | null;
  balance: number | null;
  transactionFlowNo: string;
  operator: string;
  payStatus: number;
  payType: number;
  remarks: string;
}

/** Payment types an operator may credit (income) or debit (expense) by hand. */
export const PLATFORM_CREDIT_TYPES = [PAYMENT_TYPE.platformTopUp, PAYMENT_TYPE.communityReward, PAYMENT_TYPE.orderCompensation] as const;
export const PLATFORM_DEBIT_TYPES = [
  PAYMENT_TYPE.platformDeduction,
  PAYMENT_TYPE.changeSurcharge,
  PAYMENT_TYPE.praisePromotion,
  PAYMENT_TYPE.remoteFee,
  PAYMENT_TYPE.urgentFee,
  PAYMENT_TYPE.returnCourierFee,
] as const;
export const isPlatformCredit = (t: number) => (PLATFORM_CREDIT_TYPES as readonly number[]).includes(t);
export const isPlatformDebit = (t: number) => (PLATFORM_DEBIT_TYPES as readonly number[]).includes(t);

/** Yuan with at most two decimals, above zero (platform adjustments). */
export const yuanAmount = z
  .union([z.number(), z.string()], { error: WALLET_MSG.adjustAmountRequired })
  .refine((v) => String(v).trim() !== '', WALLET_MSG.adjustAmountRequired)
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(typeof v === 'number' ? String(v) : v.trim()) && Number(v) > 0, WALLET_MSG.adjustAmountFormat)
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => Number(v) <= RECHARGE_MAX_YUAN, WALLET_MSG.amountTooLarge);

export const adjustBody = z.object({
  vendorId: z.coerce.number({ error: WALLET_MSG.vendorRequired }).int(WALLET_MSG.vendorRequired).positive(WALLET_MSG.vendorRequired).max(INT_MAX, WALLET_MSG.vendorRequired),
  paymentType: z
    .coerce.number({ error: WALLET_MSG.adjustTypeRequired })
    .refine((v) => isPlatformCredit(v) || isPlatformDebit(v), WALLET_MSG.adjustTypeRequired),
  amount: yuanAmount,
  reason: z.string({ error: WALLET_MSG.reasonRequired }).trim().min(1, WALLET_MSG.reasonRequired).max(REMARKS_MAX, WALLET_MSG.remarksTooLong),
  orderNo: z.string({ error: WALLET_MSG.orderNoFormat }).trim().max(64, WALLET_MSG.orderNoFormat).optional().nullable().transform((v) => v || null),
});

export const rejectBody = z.object({
  reason: z.string({ error: WALLET_MSG.reasonRequired }).trim().min(1, WALLET_MSG.reasonRequired).max(REMARKS_MAX, WALLET_MSG.remarksTooLong),
});

/** Platform list of top-ups: status filter (2 pending by default in the console), vendor keyword. */
export const platformRechargeQuery = pageQuery.extend({
  payStatus: optionalInt((v) => [2, 3, 5].includes(v)),
  keyword: optionalText,
});
export const platformVendorQuery = pageQuery.extend({ keyword: optionalText });

/** Platform console wallet paths (routes under /api/platform/wallet). */
export const PLATFORM_WALLET_API = {
  recharges: '/api/platform/wallet/recharges',
  confirm: (id: number | string) => `/api/platform/wallet/recharges/${id}/confirm`,
  reject: (id: number | string) => `/api/platform/wallet/recharges/${id}/reject`,
  vendors: '/api/platform/wallet/vendors',
  adjust: '/api/platform/wallet/adjust',
  vendorRecords: (vendorId: number | string) => `/api/platform/wallet/vendors/${vendorId}/records`,
} as const;

/** Columns of the ledger table and its export, in screen order. */
export const RECORD_COLUMNS = [
  { key: 'orderNo', title: '订单号' },
  { key: 'paymentType', title: '支付类型' },
  { key: 'payTime', title: '支付时间' },
  { key: 'payAmount', title: '金额' },
  { key: 'balance', title: '余额' },
  { key: 'transactionFlowNo', title: '交易流水号' },
  { key: 'operator', title: '操作人' },
  { key: 'payStatus', title: '支付状态' },
  { key: 'payType', title: '支付方式' },
  { key: 'remarks', title: '备注' },
] as const;
