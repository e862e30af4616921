// Monthly statements (月度对账单) and invoice requests (开票申请): beyond the spec, issue 20,
// docs/decisions/180–182.
import { z } from 'zod';
import { PAYMENT_TYPE, table } from './enums';
import { pageQuery } from './validation';
import type { invoiceRow, statementDetail, statementMonth, trendMonths } from './contract/statements';

export const STATEMENT_API = {
  list: '/api/app/statement/list',
  month: (month: string) => `/api/app/statement/${month}`,
  exportMonth: (month: string) => `/api/app/statement/${month}/export`,
} as const;

export const INVOICE_API = {
  apply: '/api/app/invoice/apply',
  list: '/api/app/invoice/list',
  /** Closed months and their amounts still open to invoicing. */
  invoiceable: '/api/app/invoice/invoiceable',
} as const;

export const PLATFORM_INVOICE_API = {
  list: '/api/platform/invoice/list',
  issue: (id: number | string) => `/api/platform/invoice/issue/${id}`,
  reject: (id: number | string) => `/api/platform/invoice/reject/${id}`,
  /** Register the red invoice (红字发票) that takes back what was refunded after issue. */
  red: (id: number | string) => `/api/platform/invoice/red/${id}`,
} as const;

export const TREND_API = '/api/app/order/trend';

export const STATEMENT_MSG = {
  monthFormat: '月份格式应为YYYY-MM',
  monthNotOpen: '该月份不在账户开通以来的范围内',
  exportName: '月度对账单',
} as const;

export const INVOICE_MSG = {
  titleRequired: '请输入发票抬头',
  titleTooLong: '发票抬头最多100个字符',
  taxpayerIdFormat: '纳税人识别号应为15、18或20位数字或大写字母',
  typeRequired: '请选择发票类型',
  emailFormat: '请输入正确的邮箱地址',
  bankRequired: '专用发票请填写开户银行和银行账号',
  addressRequired: '专用发票请填写注册地址和注册电话',
  selectionRequired: '请选择要开票的月份或订单',
  monthNotClosed: '只能对已结束的月份申请开票',
  ordersNotFound: '所选订单不存在或未支付',
  nothingInvoiceable: '所选内容没有可开票金额',
  alreadyInvoiced: '所选内容已申请过开票，请刷新后重新选择',
  applyOk: '开票申请已提交',
  notRequested: '该开票申请已处理',
  pdfRequired: '请上传发票PDF',
  reasonRequired: '请输入驳回原因',
  issueOk: '已开票',
  rejectOk: '已驳回',
  /** A request whose every order was cancelled and refunded before issue (the merchant sees it as the reason). */
  voided: '所含订单已全部取消并退款，没有可开票金额，申请已作废',
  amountRequired: '请确认开票金额',
  redAmountRequired: '请确认红冲金额',
  redNotOwed: '该发票没有待红冲的金额',
  redOk: '红字发票已登记',
} as const;

/** At most this many order numbers are spelled out in a message; the rest are counted. */
const NAMED_ORDERS = 5;
const orderList = (nos: string[]) => (nos.length > NAMED_ORDERS ? `${nos.slice(0, NAMED_ORDERS).join('、')}等${nos.length}个订单` : nos.join('、'));

/** Orders already on a live request (requested or issued): an order is never named on two invoices. */
export const invoiceOrdersTakenMsg = (nos: string[]) => `订单${orderList(nos)}已申请过开票，同一订单不能重复开票`;
/** Orders whose money all came back (cancelled and refunded), or that paid nothing. */
export const invoiceOrdersEmptyMsg = (nos: string[]) => `订单${orderList(nos)}已取消退款或没有实付金额，没有可开票金额`;
/** The request's amount moved after the console read it (an order was cancelled and refunded). */
export const invoiceAmountChangedMsg = (yuanText: string) => `所含订单有取消退款，开票金额已变为¥${yuanText}，请刷新后按新金额开票`;
export const invoiceRedChangedMsg = (yuanText: string) => `待红冲金额已变为¥${yuanText}，请刷新后重新登记`;

export const INVOICE_TYPE = { normal: 1, special: 2 } as const;
export const invoiceType = table<number>([
  [1, '普通发票'],
  [2, '专用发票'],
]);

export const INVOICE_STATUS = { requested: 0, issued: 1, rejected: 2, void: 3 } as const;
export const invoiceStatus = table<number>([
  [0, '已申请'],
  [1, '已开票'],
  [2, '已驳回'],
  [3, '已作废'],
]);

/** How the statement groups the ledger's payment types. */
export const STATEMENT_EXPENSE_TYPES = [
  PAYMENT_TYPE.workOrder,
  PAYMENT_TYPE.urgentFee,
  PAYMENT_TYPE.praisePromotion,
  PAYMENT_TYPE.remoteFee,
  PAYMENT_TYPE.returnCourierFee,
  PAYMENT_TYPE.changeSurcharge,
  PAYMENT_TYPE.extraFee,
  PAYMENT_TYPE.platformDeduction,
] as const;
export const STATEMENT_INCOME_TYPES = [
  PAYMENT_TYPE.topUp,
  PAYMENT_TYPE.platformTopUp,
  PAYMENT_TYPE.communityReward,
  PAYMENT_TYPE.orderCompensation,
  PAYMENT_TYPE.orderRefund,
  PAYMENT_TYPE.timelinessCredit,
] as const;

export const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthParam = z.string({ error: STATEMENT_MSG.monthFormat }).regex(MONTH_RE, STATEMENT_MSG.monthFormat);

const trimmed = (msg: string, max: number, tooLong: string) => z.string({ error: msg }).trim().min(1, msg).max(max, tooLong);
const optionalText = (max: number) => z.string().trim().max(max).optional().nullable().transform((v) => v ?? '');

/** The fields of an invoice request, each with its rule (the web's form uses them one by one). */
export const invoiceFields = z.object({
    title: trimmed(INVOICE_MSG.titleRequired, 100, INVOICE_MSG.titleTooLong),
    taxpayerId: z.string({ error: INVOICE_MSG.taxpayerIdFormat }).trim().regex(/^[0-9A-Z]{15}$|^[0-9A-Z]{18}$|^[0-9A-Z]{20}$/, INVOICE_MSG.taxpayerIdFormat),
    invoiceType: z.union([z.literal(1), z.literal(2)], { error: INVOICE_MSG.typeRequired }),
    email: z.string({ error: INVOICE_MSG.emailFormat }).trim().max(100, INVOICE_MSG.emailFormat).email(INVOICE_MSG.emailFormat),
    bankName: optionalText(100),
    bankAccount: optionalText(40),
    registeredAddress: optionalText(200),
    registeredPhone: optionalText(30),
    months: z.array(monthParam).max(24, INVOICE_MSG.selectionRequired).optional().default([]),
    orderIds: z.array(z.number({ error: INVOICE_MSG.ordersNotFound }).int().positive()).max(500, INVOICE_MSG.selectionRequired).optional().default([]),
    /** Paid orders by their numbers, as a vendor copies them from its own books. */
    orderNos: z.array(z.string({ error: INVOICE_MSG.ordersNotFound }).trim().min(1, INVOICE_MSG.ordersNotFound).max(40, INVOICE_MSG.ordersNotFound)).max(500, INVOICE_MSG.selectionRequired).optional().default([]),
});

/** POST /api/app/invoice/apply: closed months and/or paid orders, and the invoice's header. */
export const invoiceApplyBody = invoiceFields.superRefine((b, ctx) => {
    if (b.invoiceType === INVOICE_TYPE.special && (!b.bankName || !b.bankAccount)) ctx.addIssue({ code: 'custom', message: INVOICE_MSG.bankRequired, path: ['bankName'] });
    if (b.invoiceType === INVOICE_TYPE.special && (!b.registeredAddress || !b.registeredPhone)) ctx.addIssue({ code: 'custom', message: INVOICE_MSG.addressRequired, path: ['registeredAddress'] });
    if (b.months.length === 0 && b.orderIds.length === 0 && b.orderNos.length === 0) ctx.addIssue({ code: 'custom', message: INVOICE_MSG.selectionRequired, path: ['months'] });
  });
export type InvoiceApplyBody = z.input<typeof invoiceApplyBody>;

export const invoiceListQuery = pageQuery.extend({
  status: z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : Number(v)), z.number().int().min(0).max(3).optional().catch(undefined)),
});

const pdfField = z.string({ error: INVOICE_MSG.pdfRequired }).trim().min(1, INVOICE_MSG.pdfRequired).max(500, INVOICE_MSG.pdfRequired);
/** Yuan the operator saw and the PDF is for: refused when the request's money moved meanwhile. */
const confirmedYuan = (msg: string) => z.number({ error: msg }).nonnegative(msg).max(1e10, msg);
export const invoiceIssueBody = z.object({ pdf: pdfField, amount: confirmedYuan(INVOICE_MSG.amountRequired) });
export const invoiceRedBody = z.object({ pdf: pdfField, amount: confirmedYuan(INVOICE_MSG.redAmountRequired) });
export const invoiceRejectBody = z.object({ reason: trimmed(INVOICE_MSG.reasonRequired, 200, INVOICE_MSG.reasonRequired) });

// The answers' types come from the route schemas (contract/statements.ts): one source for both sides.
export type StatementMonth = z.infer<typeof statementMonth>;
export type StatementDetail = z.infer<typeof statementDetail>;
export type StatementLine = StatementDetail['incomeLines'][number];
export type InvoiceRow = z.infer<typeof invoiceRow>;
export type TrendMonth = z.infer<typeof trendMonths>[number];
