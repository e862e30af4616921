import { z } from 'zod';
import { MSG } from './messages';
import type { OrderSla } from './sla';
import { MARKER_COLORS, DEFAULT_MARKER, ORDER_LABELS, PRICE_FIELDS, guideField, orderNode, orderStatus, priceFieldFor, type PriceField } from './enums';
import { isSatisfaction } from './customer-page';
import { IDS_MAX, INPUT_MSG, INT_MAX, PAGE_SIZE_MAX, PHONE_PATTERN, YUAN_MAX, idList, isWholeYuan } from './validation';
import { REVIEW_STATE } from './order-transitions';
import { isCalendarDate } from './appointments';

// Order payloads (spec 02 §3, §5) and the pure rules both sides share: status flags, the
// virtual-taking display, the progress bar and THE pricing function (integer fen).
// Field names are the spec's; money in payloads is yuan, inside `priceOrder` it is fen.

/**
 * How many items one order form carries at most (decision 285): what a form needs, far below the
 * engines' bind-parameter limits that the file check's IN list and the row inserts would pass.
 */
export const ORDER_LIMITS = {
  /** Per product line, each of: new operation videos, new finished drawings, and the selections of the product's own (products hold at most 50). */
  filesPerLine: 50,
  surchargesPerLine: 20,
  logisticsRows: 50,
  technicalContacts: 20,
} as const;

/** Texts the spec does not give (our own wording; see docs/decisions/050). */
export const ORDER_MSG = {
  paroleRequired: '请选择保内/保外',
  serviceRequired: '请选择服务类型',
  productLineRequired: '请添加产品',
  productChoose: '请选择产品',
  numberRange: '产品数量为1到10',
  maintenanceRequired: '请选择维修类型',
  detailAddressRequired: '请输入详细地址',
  doorTimeInvalid: '上门时间不能早于昨天',
  doorTimeFormat: '上门时间格式不正确，请按 2026-12-20 15:30 填写',
  doorTimeNotReal: '上门时间不存在，请填写真实的日期和时间，如 2026-12-20 15:30',
  recycleOutOfWarrantyOnly: '回收服务仅限保外订单',
  extrasInWarrantyOnly: '加急和好评推广仅限保内订单',
  praiseInstallOnly: '好评推广仅限安装服务',
  urgentTypeRequired: '请选择加急时效',
  serviceUnavailable: '该产品不支持所选服务类型',
  productUnavailable: '产品不存在或未审核通过',
  ordersRequired: MSG.selectOrdersToCancel,
  trackingRequired: '请输入快递单号',
  companyRequired: '请选择快递公司',
  recipientPhoneRequired: '请输入收件人手机号',
  auditInvalid: '审核结果不正确',
  text400: '最多输入400个字符',
  extensionInvalid: '分机号只能为数字',
  productVideosTooMany: `每个产品最多${ORDER_LIMITS.filesPerLine}个操作视频`,
  finishedDrawingsTooMany: `每个产品最多${ORDER_LIMITS.filesPerLine}张完工示例图`,
  surchargesTooMany: `每个产品最多添加${ORDER_LIMITS.surchargesPerLine}项附加费`,
  logisticsTooMany: `物流信息最多添加${ORDER_LIMITS.logisticsRows}条`,
  technicalContactsTooMany: `技术联系人最多添加${ORDER_LIMITS.technicalContacts}个`,
} as const;

// ---------- small field rules ----------
const text = (max: number) => z.string().trim().max(max, `最多输入${max}个字符`).optional().nullable().transform((v) => v ?? '');
const text400 = text(400);
const flag01 = z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1), z.boolean()]).optional().nullable().transform((v) => (v === '1' || v === 1 || v === true ? '1' : '0'));
/** Whole yuan as the spec's digits-only rule: "12" or 12 → 12; anything else 请输入正整数. */
const positiveYuan = (requiredMsg: string = MSG.positiveInteger) =>
  z
    .union([z.string(), z.number()], { error: requiredMsg })
    .transform((v) => String(v).trim())
    .refine((v) => v !== '', requiredMsg)
    .refine((v) => /^\d+$/.test(v) && Number(v) > 0, MSG.positiveInteger)
    .refine((v) => Number(v) <= YUAN_MAX, INPUT_MSG.amountTooLarge)
    .transform(Number);
const idNum = z.coerce.number({ error: ORDER_MSG.productChoose }).int(ORDER_MSG.productChoose).positive(ORDER_MSG.productChoose).max(INT_MAX, ORDER_MSG.productChoose);
const regionId = z.union([z.string(), z.number()], { error: MSG.regionRequired }).transform((v) => String(v).trim()).refine((v) => v !== '', MSG.regionRequired);
const regionName = z.string({ error: MSG.regionRequired }).trim().min(1, MSG.regionRequired);
const extension = z.string().trim().regex(/^\d{0,10}$/, ORDER_MSG.extensionInvalid).optional().nullable().transform((v) => v ?? '');
const region = {
  provinceId: regionId,
  provinceName: regionName,
  cityId: regionId,
  cityName: regionName,
  districtId: regionId,
  districtName: regionName,
};

export const fileItem = z.object({
  fileName: z.string().trim().max(200).default(''),
  fileType: z.coerce.number().int().min(1).max(7).default(1),
  fileUrl: z.string().trim().min(1).max(500),
});
export type FileItem = z.infer<typeof fileItem>;

const DOOR_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** 'YYYY-MM-DD[ HH:mm[:ss]]' naming a day and a clock time that exist (not 2026-11-31, not 24:30) (decision 300). */
export function isDoorTimeText(text: string): boolean {
  const m = DOOR_TIME.exec(text);
  if (!m || !isCalendarDate(`${m[1]}-${m[2]}-${m[3]}`)) return false;
  return m[4] === undefined || (+m[4] < 24 && +m[5]! < 60 && +(m[6] ?? 0) < 60);
}

/** 'YYYY-MM-DD HH:mm[:ss]' Shanghai time that exists, not earlier than the start of yesterday (Shanghai). */
export function doorTimeAllowed(text: string, nowMs = Date.now()): boolean {
  if (!isDoorTimeText(text)) return false;
  const shanghaiNow = new Date(nowMs + 8 * 3600_000);
  const yesterday = Date.UTC(shanghaiNow.getUTCFullYear(), shanghaiNow.getUTCMonth(), shanghaiNow.getUTCDate() - 1);
  const m = DOOR_TIME.exec(text)!;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!) >= yesterday;
}

/** Why a door time is refused (order add and import share it): unreadable or not a real time, or too early; null when allowed. */
export const doorTimeRefusal = (text: string, nowMs = Date.now()): string | null =>
  !DOOR_TIME.test(text) ? ORDER_MSG.doorTimeFormat : !isDoorTimeText(text) ? ORDER_MSG.doorTimeNotReal : doorTimeAllowed(text, nowMs) ? null : ORDER_MSG.doorTimeInvalid;
/** The form's default clock time for the door time (spec 02 §5). */
export const DEFAULT_DOOR_CLOCK = '15:30:00';

// ---------- order add (POST /api/app/order/add) ----------
/** A surcharge row: validated when priced, sent (kept) only when complete (spec 02 §5). */
const surchargeRow = z
  .object({
    id: z.coerce.number().int().min(0).max(INT_MAX).optional().nullable(),
    pzId: z.coerce.number().int().min(0).max(INT_MAX).optional().nullable(),
    name: z.string().trim().max(50).optional().nullable(),
    price: z.union([z.string(), z.number()]).optional().nullable(),
    num: z.union([z.string(), z.number()]).optional().nullable(),
  })
  .superRefine((r, ctx) => {
    for (const key of ['price', 'num'] as const) {
      const v = r[key];
      if (v !== undefined && v !== null && String(v).trim() !== '' && !/^\d{1,7}$/.test(String(v).trim())) ctx.addIssue({ code: 'custom', message: MSG.positiveInteger, path: [key] });
    }
  })
  .transform((r) => ({ id: r.id ?? null, pzId: r.pzId ?? null, name: r.name ?? '', price: Number(r.price ?? 0), num: Number(r.num ?? 0) }));
const completeSurcharges = z.array(surchargeRow).max(ORDER_LIMITS.surchargesPerLine, ORDER_MSG.surchargesTooMany).optional().nullable().transform((rows) => (rows ?? []).filter((r) => r.name && r.price > 0 && r.num > 0));

const fileList = <T extends z.ZodType>(item: T, tooMany: string) => z.array(item).max(ORDER_LIMITS.filesPerLine, tooMany).optional().nullable().transform((v) => v ?? []);

export const orderProductLine = z.object({
  productId: idNum,
  number: z.coerce.number({ error: ORDER_MSG.numberRange }).int(ORDER_MSG.numberRange).min(1, ORDER_MSG.numberRange).max(10, ORDER_MSG.numberRange),
  maintenanceType: z.coerce.number().int().min(1).max(4).optional().nullable(),
  remarks: text400,
  omsSurchargeList: completeSurcharges,
  productVideoSelect: fileList(z.string().max(500), ORDER_MSG.productVideosTooMany),
  finishedDrawingSelect: fileList(z.string().max(500), ORDER_MSG.finishedDrawingsTooMany),
  newProductVideo: fileList(fileItem, ORDER_MSG.productVideosTooMany),
  newFinishedDrawing: fileList(fileItem, ORDER_MSG.finishedDrawingsTooMany),
});
export type OrderProductLineInput = z.infer<typeof orderProductLine>;

const logisticsRow = z
  .object({
    productId: z.union([z.string(), z.number()]).optional().nullable(),
    courierCompany: z.string().trim().max(50).optional().nullable(),
    courierNum: z.string().trim().max(50).optional().nullable(),
    phone: z.string().trim().max(20).optional().nullable(),
  })
  .transform((r) => ({ productId: r.productId == null || r.productId === '' ? null : Number(r.productId), courierCompany: r.courierCompany ?? '', courierNum: r.courierNum ?? '', phone: r.phone ?? '' }));
/** All-or-nothing rows; 顺丰 also needs the recipient phone; empty rows are dropped. */
export const logisticsRows = z
  .array(logisticsRow)
  .max(ORDER_LIMITS.logisticsRows, ORDER_MSG.logisticsTooMany)
  .optional()
  .nullable()
  .transform((rows) => (rows ?? []).filter((r) => r.productId || r.courierCompany || r.courierNum))
  .superRefine((rows, ctx) => {
    for (const r of rows) {
      const complete = r.productId && Number.isInteger(r.productId) && r.productId > 0 && r.productId <= INT_MAX && r.courierCompany && r.courierNum && (!r.courierCompany.includes('顺丰') || r.phone);
      if (!complete) {
        ctx.addIssue({ code: 'custom', message: MSG.logisticsIncomplete });
        return;
      }
    }
  });

const technicalContacts = z
  .array(z.object({ name: z.string().trim().max(50).optional().nullable(), phone: z.string().trim().max(20).optional().nullable() }))
  .max(ORDER_LIMITS.technicalContacts, ORDER_MSG.technicalContactsTooMany)
  .optional()
  .nullable()
  .transform((rows) => (rows ?? []).map((r) => ({ name: r.name ?? '', phone: r.phone ?? '' })).filter((r) => r.name || r.phone));

export const orderAddBody = z
  .object({
    parole: z.coerce.number({ error: ORDER_MSG.paroleRequired }).refine((v) => v === 1 || v === 2, ORDER_MSG.paroleRequired),
    serviceType: z.coerce.number({ error: ORDER_MSG.serviceRequired }).int().min(1, ORDER_MSG.serviceRequired).max(5, ORDER_MSG.serviceRequired),
    createType: z.coerce.number().optional().nullable().transform(() => 1),
    productList: z.array(orderProductLine, { error: ORDER_MSG.productLineRequired }).min(1, ORDER_MSG.productLineRequired).max(20),
    realName: text(50),
    phone: z.string({ error: MSG.customerPhoneRequired }).trim().min(1, MSG.customerPhoneRequired).regex(/^\d*$/, MSG.digitsOnly).length(11, MSG.phoneLength),
    phoneExtension: extension,
    ...region,
    detailAddress: z.string({ error: ORDER_MSG.detailAddressRequired }).trim().min(1, ORDER_MSG.detailAddressRequired).max(400, ORDER_MSG.text400),
    doorTime: z
      .string()
      .trim()
      .optional()
      .nullable()
      .transform((v) => v || null)
      .superRefine((v, ctx) => {
        const refusal = v === null ? null : doorTimeRefusal(v);
        if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
      }),
    remarks: text400,
    contactName: text(50),
    contactPhone: text(20),
    technicalContacts,
    addressId: z.coerce.number().int().positive().max(INT_MAX).optional().nullable().transform((v) => v ?? null),
    paymentType: z.coerce.number().int().min(0).max(1).optional().nullable().transform((v) => v ?? null),
    orderSource: text(100),
    orderSourceNum: text(100),
    returnParts: flag01,
    urgentFlag: flag01,
    urgentType: z.coerce.number().int().min(0).max(9).optional().nullable(),
    urgentPrice: z.union([z.string(), z.number()]).optional().nullable(),
    praiseFlag: flag01,
    praisePrice: z.union([z.string(), z.number()]).optional().nullable(),
    logisticsVoList: logisticsRows,
    lng: z.coerce.number().min(-180).max(180).optional().nullable().transform((v) => v ?? null),
    lat: z.coerce.number().min(-90).max(90).optional().nullable().transform((v) => v ?? null),
  })
  .superRefine((o, ctx) => {
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (o.serviceType === 5 && o.parole !== 2) issue(ORDER_MSG.recycleOutOfWarrantyOnly, 'serviceType');
    if (o.serviceType === 2 && o.productList.some((l) => !l.maintenanceType)) issue(ORDER_MSG.maintenanceRequired, 'productList');
    if (o.urgentFlag === '1') {
      if (!/^\d+$/.test(String(o.urgentPrice ?? '').trim()) || Number(o.urgentPrice) <= 0) issue(MSG.positiveInteger, 'urgentPrice');
      else if (!isWholeYuan(o.urgentPrice)) issue(INPUT_MSG.amountTooLarge, 'urgentPrice');
      if (o.urgentType !== 1 && o.urgentType !== 2) issue(ORDER_MSG.urgentTypeRequired, 'urgentType');
    }
    if (o.praiseFlag === '1') {
      if (!/^\d+$/.test(String(o.praisePrice ?? '').trim()) || Number(o.praisePrice) <= 0) issue(MSG.positiveInteger, 'praisePrice');
      else if (!isWholeYuan(o.praisePrice)) issue(INPUT_MSG.amountTooLarge, 'praisePrice');
      if (o.serviceType !== 1) issue(ORDER_MSG.praiseInstallOnly, 'praiseFlag');
    }
    if ((o.urgentFlag === '1' || o.praiseFlag === '1') && o.parole !== 1) issue(ORDER_MSG.extrasInWarrantyOnly, 'parole');
  })
  .transform((o) => ({
    ...o,
    urgentType: o.urgentFlag === '1' ? (o.urgentType as 1 | 2) : null,
    urgentPrice: o.urgentFlag === '1' ? Number(o.urgentPrice) : 0,
    praisePrice: o.praiseFlag === '1' ? Number(o.praisePrice) : 0,
    productList: o.productList.map((l) => ({ ...l, maintenanceType: o.serviceType === 2 ? (l.maintenanceType ?? 1) : null })),
  }));
export type OrderAddInput = z.infer<typeof orderAddBody>;

// ---------- other mutations ----------
const orderId = z.coerce.number({ error: '订单不存在' }).int('订单不存在').positive('订单不存在').max(INT_MAX, '订单不存在');

export const customerModifyBody = z.object({
  orderId,
  realName: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(50, INPUT_MSG.customerNameTooLong),
  phone: z.string({ error: MSG.phoneRequiredShort }).trim().min(1, MSG.phoneRequiredShort).regex(/^\d*$/, MSG.digitsOnly).length(11, MSG.phoneLength),
  phoneExtension: extension,
  ...region,
  // The observed app shows 请输入姓名 for a missing detail address (spec 02 §5); kept on purpose.
  detailAddress: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(400, ORDER_MSG.text400),
});
export type CustomerModifyInput = z.infer<typeof customerModifyBody>;

export const urgentBody = z.object({
  orderId,
  urgentName: z.unknown().optional().transform(() => MSG.urgentFeeName),
  urgentPrice: positiveYuan(MSG.feeRequired),
  urgentType: z.coerce.number({ error: ORDER_MSG.urgentTypeRequired }).refine((v) => v === 1 || v === 2, ORDER_MSG.urgentTypeRequired),
});
export type UrgentInput = z.infer<typeof urgentBody>;

/** One 催单 per order in this many minutes, whoever sends it (decision 298). */
export const REMINDER_COOLDOWN_MINUTES = 10;
/** The refusal of a 催单 within the cooldown; `minutes` until the next one is possible (at least 1). */
export const remindTooSoonMsg = (minutes: number) => `该订单刚催过单，请${minutes}分钟后再催`;

export const reminderBody = z.object({
  orderId,
  reminderContent: z.string({ error: MSG.reminderRequired }).trim().min(1, MSG.reminderRequired).max(400, ORDER_MSG.text400),
});

export const markerBody = z.object({
  orderId,
  markerType: z
    .string()
    .optional()
    .nullable()
    .transform((v) => v || DEFAULT_MARKER)
    .refine((v) => MARKER_COLORS.has(v), '标记颜色不正确'),
  markerValue: text400,
});

/** ids as an array or a comma-joined string; a reason is required (请输入内容). */
export const cancelBody = z.object({
  ids: idList(MSG.selectOrdersToCancel, IDS_MAX).refine((ids) => ids.length > 0, MSG.selectOrdersToCancel),
  closeRemark: z.string({ error: MSG.contentRequired }).trim().min(1, MSG.contentRequired).max(400, ORDER_MSG.text400),
});

export const addressTextBody = z.string({ error: MSG.addressTextRequired }).trim().min(1, MSG.addressTextRequired).max(400, ORDER_MSG.text400);

export const submissionAddBody = z
  .object({
    orderId,
    materialSubmissionId: z.coerce.number().int('配件申请不存在').positive('配件申请不存在').max(INT_MAX, '配件申请不存在'),
    company: z.string({ error: ORDER_MSG.companyRequired }).trim().min(1, ORDER_MSG.companyRequired).max(50),
    trackingNum: z.string({ error: ORDER_MSG.trackingRequired }).trim().min(1, ORDER_MSG.trackingRequired).max(50),
    phone: z.string().trim().optional().nullable().transform((v) => v ?? ''),
  })
  .superRefine((o, ctx) => {
    if (o.company.includes('顺丰')) {
      if (!o.phone) ctx.addIssue({ code: 'custom', message: ORDER_MSG.recipientPhoneRequired, path: ['phone'] });
      else if (!PHONE_PATTERN.test(o.phone)) ctx.addIssue({ code: 'custom', message: MSG.phoneFormat, path: ['phone'] });
    }
  });

/** Returned-item (audit via query) and praise reviews: 1 approve, 2 reject with a reason. */
export const auditQuery = z
  .object({
    orderId,
    audit: z.coerce.number({ error: ORDER_MSG.auditInvalid }).refine((v) => v === 1 || v === 2, ORDER_MSG.auditInvalid),
    reason: z.string().trim().max(400, ORDER_MSG.text400).optional().nullable().transform((v) => v ?? ''),
  })
  .superRefine((o, ctx) => {
    if (o.audit === 2 && !o.reason) ctx.addIssue({ code: 'custom', message: MSG.contentRequired, path: ['reason'] });
  });

// ---------- list / export filters ----------
/** Codes of a filter as a comma list or an array: only the filter's own values are kept. */
const csvCodes = (known: (n: number) => boolean) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
    .optional()
    .nullable()
    .transform((v) => {
      if (v === undefined || v === null || v === '') return [] as number[];
      const parts = Array.isArray(v) ? v : String(v).split(',');
      return parts.slice(0, 100).map((x) => Number(String(x).trim())).filter((n) => Number.isInteger(n) && known(n));
    });
const LABELS: ReadonlySet<string> = new Set(ORDER_LABELS);

export const orderListQuery = z.object({
  keyWords: z.string().trim().max(100).optional().catch(undefined).transform((v) => v || ''),
  /** Known labels only, comma-joined (an unknown one filters nothing). */
  label: z.string().trim().optional().catch(undefined).transform((v) => (v || '').split(',').map((s) => s.trim()).filter((s) => LABELS.has(s)).join(',')),
  node: csvCodes((n) => orderNode.has(n)).catch([]),
  /** -1 (or empty) all; one code or a comma list (the pending shortcut). */
  status: csvCodes((n) => orderStatus.has(n)).catch([]),
  minCreateTime: z.string().max(30).optional().catch(undefined),
  maxCreateTime: z.string().max(30).optional().catch(undefined),
  minCompletionTime: z.string().max(30).optional().catch(undefined),
  maxCompletionTime: z.string().max(30).optional().catch(undefined),
  /** Timeliness (issue 19): 'overdue' 已超时, 'soon' 即将超时; anything else filters nothing. */
  sla: z.string().optional().catch(undefined).transform((v) => (v === 'overdue' || v === 'soon' ? v : '')),
  /** 满意度 (issue 47): good 4–5, neutral 3, bad 1–2 stars, none 未评价; anything else filters nothing. */
  satisfaction: z.string().optional().catch(undefined).transform((v) => (isSatisfaction(v) ? v : '')),
  /** 待确认加价 (issue 46): '1' only orders with an extra fee awaiting the merchant. */
  extraFee: z.union([z.string(), z.number()]).optional().catch(undefined).transform((v) => (v === '1' || v === 1 ? '1' : '')),
  /** 预约 (issue 46): 'failed' 预约失败 (a failed booking waiting for a new appointment); anything else filters nothing. */
  appointment: z.string().optional().catch(undefined).transform((v) => (v === 'failed' ? v : '')),
  pageNum: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).catch(50),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

/** The home page's quick-order grid: 14 by default, at most a page. */
export const quickOrderQuery = z.object({ pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).catch(14) });

/** The checked orders (at most IDS_MAX) or, with none, the filter. */
export const orderExportBody = orderListQuery.extend({ listOrderId: z.preprocess((v) => (v === '' || v == null ? [] : v), idList(INPUT_MSG.tooManyIds, IDS_MAX)) });

// ---------- state-derived rules ----------
export interface OrderStateLike {
  status: number;
  node: number;
  parole?: number | null;
  urgentFlag?: string | number | null;
  virtualTaking?: number | null;
  doorTime?: string | null;
  /** REVIEW_STATE of the order's praise / return (order-transitions.ts); without them the node decides */
  praiseState?: number | null;
  returnState?: number | null;
  /** The free re-dispatch order of an after-sales case still being handled (decision 281): the case is the merchant's handle on it */
  followUpOfOpenCase?: boolean;
}

export interface StatusInfo {
  isPay: boolean;
  isApprovalAccessories: boolean;
  isPromotePositive: boolean;
  isFanJian: boolean;
  isCompletionConfirmation: boolean;
  isUrgent: boolean;
  isReminder: boolean;
  isCancell: boolean;
  isAfterSales: boolean;
}

/** Which actions the state allows (docs/decisions/051). Always derived, never stored. */
export function deriveStatusInfo(o: OrderStateLike): StatusInfo {
  const s = o.status;
  const inWarranty = Number(o.parole) === 1;
  const urgent = String(o.urgentFlag ?? '0') === '1';
  return {
    isPay: s === 100,
    isApprovalAccessories: s === 510 && o.node === 530,
    // The review buttons follow the records (decision 277): a praise a 返件 overtook before 277 is still reviewable.
    isPromotePositive: o.praiseState == null ? o.node === 650 : o.praiseState === REVIEW_STATE.pending,
    isFanJian: o.returnState == null ? s === 650 && o.node === 630 : o.returnState === REVIEW_STATE.pending,
    isCompletionConfirmation: s === 600,
    isUrgent: inWarranty && !urgent && (s === 100 || s === 200 || s === 300 || s === 400),
    isReminder: s === 200 || s === 300 || s === 400 || s === 500 || s === 510,
    isCancell: (s === 100 || s === 200) && !o.followUpOfOpenCase,
    isAfterSales: s === 700,
  };
}

/** Virtual taking (spec 02 §4): shown as accepted/working while really awaiting a master. */
export function displayState(o: OrderStateLike): { status: number; node: number } {
  if (Number(o.virtualTaking) === 1 && o.status === 200) {
    return o.doorTime ? { status: 500, node: 510 } : { status: 300, node: 310 };
  }
  return { status: o.status, node: o.node };
}

export const PROGRESS_TITLES = ['发布需求', '支付完成', '师傅接单', '师傅施工', '等待验收', '订单完成'] as const;
export type StepState = 'finish' | 'process' | 'wait';

/**
 * The 6-step bar of spec 02 §4 for a (displayed) status. `current` is the step the spec calls active
 * (drawn as the current one), not the first unfinished step: at 300/400 step 3 is active and done,
 * and step 4 waits until 500 (decisions 052, 275).
 */
export function progressSteps(status: number): { current: number; closed: boolean; steps: Array<{ title: string; state: StepState }> } {
  const s = status === 210 ? 200 : status === 310 ? 500 : status;
  const closed = s === 800;
  const state: StepState[] = closed
    ? ['finish', 'wait', 'wait', 'wait', 'wait', 'wait']
    : [
        'finish',
        s >= 200 ? 'finish' : 'process',
        s >= 300 ? 'finish' : s === 200 ? 'process' : 'wait',
        s >= 600 ? 'finish' : s === 500 || s === 510 ? 'process' : 'wait',
        s >= 700 ? 'finish' : s === 600 || s === 650 ? 'process' : 'wait',
        s >= 700 ? 'finish' : 'wait',
      ];
  const current = closed || s < 200 ? 1 : s <= 400 ? 2 : s <= 510 ? 3 : s < 700 ? 4 : 5;
  return { current, closed, steps: PROGRESS_TITLES.map((title, i) => ({ title, state: state[i]! })) };
}

// ---------- pricing (integer fen) ----------
export type GuideField = ReturnType<typeof guideField>;
/** Catalogue prices of a product in fen; null/undefined = service not offered. */
export type CatalogPricesFen = Partial<Record<PriceField | GuideField, number | null>>;

/** The unit price (fen) of a product for a warranty/service/repair type; null when not offered. Recycle is 0. */
export function unitPriceFen(prices: CatalogPricesFen, parole: number, service: number, maintenance?: number | null): number | null {
  if (service === 5) return parole === 2 ? 0 : null;
  const field = priceFieldFor(service, maintenance);
  if (!field) return null;
  const v = parole === 1 ? prices[field] : prices[guideField(field)];
  return v === null || v === undefined ? null : v;
}

/** Service (and repair) types a product offers for a warranty type — the form's availability rule. */
export function availableServices(prices: CatalogPricesFen, parole: number): { services: number[]; maintenanceTypes: number[] } {
  const has = (f: PriceField) => (parole === 1 ? prices[f] : prices[guideField(f)]) != null;
  const services: number[] = [];
  if (has('installation')) services.push(1);
  const maintenanceTypes = (['repair', 'overhaul', 'medium', 'minor'] as const).flatMap((f, i) => (has(f) ? [i + 1] : []));
  if (maintenanceTypes.length) services.push(2);
  if (has('cleanse')) services.push(3);
  if (has('debug')) services.push(4);
  if (parole === 2) services.push(5);
  return { services, maintenanceTypes };
}

export interface DiscountContext {
  /** The vendor's order_discount_flag (create_order_discount rule). */
  orderDiscountFlag: boolean;
  /** Config create_order_discount: the rate paid, e.g. '0.95' (5 % off the products). */
  createOrderDiscountRate: string | null;
  /** A dealer outlet exists in the order's district. */
  hasDealerOutlet: boolean;
  /** The vendor's outlet discount flag. */
  outletDiscountFlag: boolean;
  outletTiers: Array<{ fullReduceAmountFen: number; discountAmountFen: number }>;
}

export interface PriceInput {
  parole: number;
  serviceType: number;
  lines: Array<{ number: number; maintenanceType?: number | null; prices: CatalogPricesFen; modelName?: string; surcharges?: Array<{ name: string; priceFen: number; num: number }> }>;
  urgentFlag?: string | null;
  urgentPriceFen?: number;
  discount: DiscountContext;
}

export interface Expense {
  name: string;
  /** fen */
  price: number;
  /** 1 addition, 2 deduction */
  type: 1 | 2;
}

export interface PriceResult {
  totalFen: number;
  discountFen: number;
  productsFen: number;
  surchargesFen: number;
  urgentFen: number;
  lines: Array<{ unitFen: number; guideUnitFen: number | null; number: number; subtotalFen: number; discountFen: number; surchargesFen: number }>;
  expenses: Expense[];
}

export class PricingError extends Error {}

/** '0.95' → 9500 (basis points of the price paid); invalid or out of range → null. */
export function rateToBasisPoints(rate: string | null | undefined): number | null {
  const m = /^\s*(0|1)(?:\.(\d{1,4}))?\s*$/.exec(rate ?? '');
  if (!m) return null;
  const bp = Number(m[1]) * 10000 + Number((m[2] ?? '').padEnd(4, '0'));
  return bp > 0 && bp <= 10000 ? bp : null;
}

/**
 * THE order price (spec 02 §9; docs/decisions/052): Σ unit × number + complete surcharges (price × num)
 * + urgent fee − discount. The server recomputes it from the catalogue; the web shows the same.
 */
export function priceOrder(input: PriceInput): PriceResult {
  const { parole, serviceType, discount } = input;
  const lines = input.lines.map((l) => {
    const unit = unitPriceFen(l.prices, parole, serviceType, l.maintenanceType);
    if (unit === null) throw new PricingError(ORDER_MSG.serviceUnavailable);
    const field = priceFieldFor(serviceType, l.maintenanceType);
    const guide = field ? (l.prices[guideField(field)] ?? null) : null;
    const surchargesFen = (l.surcharges ?? []).filter((s) => s.name && s.priceFen > 0 && s.num > 0).reduce((a, s) => a + s.priceFen * s.num, 0);
    return { unitFen: unit, guideUnitFen: guide, number: l.number, subtotalFen: unit * l.number, discountFen: 0, surchargesFen };
  });
  const productsFen = lines.reduce((a, l) => a + l.subtotalFen, 0);
  const surchargesFen = lines.reduce((a, l) => a + l.surchargesFen, 0);
  const urgentFen = parole === 1 && input.urgentFlag === '1' ? Math.max(0, input.urgentPriceFen ?? 0) : 0;

  let discountFen = 0;
  let discountName = '';
  const bp = rateToBasisPoints(discount.createOrderDiscountRate);
  if (parole === 1 && lines.length >= 2 && discount.orderDiscountFlag && !discount.hasDealerOutlet && bp !== null) {
    discountFen = Math.round((productsFen * (10000 - bp)) / 10000);
    discountName = '多产品下单优惠';
  } else if (discount.outletDiscountFlag && discount.outletTiers.length) {
    for (const l of lines) {
      const best = discount.outletTiers.filter((t) => l.unitFen > 0 && l.unitFen >= t.fullReduceAmountFen).reduce((m, t) => Math.max(m, t.discountAmountFen), 0);
      l.discountFen = Math.min(best, l.unitFen) * l.number;
      discountFen += l.discountFen;
    }
    discountName = '网点满减优惠';
  }
  discountFen = Math.min(discountFen, productsFen);

  const expenses: Expense[] = [{ name: '服务费', price: productsFen, type: 1 }];
  input.lines.forEach((l) => {
    for (const s of l.surcharges ?? []) if (s.name && s.priceFen > 0 && s.num > 0) expenses.push({ name: s.num > 1 ? `${s.name}×${s.num}` : s.name, price: s.priceFen * s.num, type: 1 });
  });
  if (urgentFen) expenses.push({ name: MSG.urgentFeeName, price: urgentFen, type: 1 });
  if (discountFen) expenses.push({ name: discountName, price: discountFen, type: 2 });
  return { totalFen: productsFen + surchargesFen + urgentFen - discountFen, discountFen, productsFen, surchargesFen, urgentFen, lines, expenses };
}

/** Catalogue prices (fen) from a product row/answer keyed by the seven fields and their guide twins. */
export function catalogPrices(source: Record<string, unknown>, toFen: (v: unknown) => number | null): CatalogPricesFen {
  const out: CatalogPricesFen = {};
  for (const f of PRICE_FIELDS) {
    out[f] = toFen(source[f]);
    out[guideField(f)] = toFen(source[guideField(f)]);
  }
  return out;
}

// ---------- answer shapes (what GET /api/app/order/list rows and GET /api/app/order/{id} carry) ----------
export interface OrderProductRow {
  id: number;
  productId: number;
  categoryName: string;
  modelName: string;
  productPicture: string;
  number: number;
  /** yuan: in-warranty unit price charged (out of warranty: the guide price charged) */
  price: number;
  guidePrice: number | null;
  totalPrice: number;
  maintenanceType: number | null;
  remarks: string;
  omsSurchargeList: Array<{ id: number; pzId: number | null; name: string; price: number; num: number }>;
  productVideoSelect: string[];
  finishedDrawingSelect: string[];
  newProductVideo: FileItem[];
  newFinishedDrawing: FileItem[];
}

export interface OrderRow {
  id: number;
  orderNo: string;
  /** displayed status/node (virtual taking applied); realStatus/realNode are the stored ones */
  status: number;
  node: number;
  realStatus: number;
  realNode: number;
  statusName: string;
  nodeName: string;
  parole: number;
  serviceType: number;
  createType: number;
  urgentFlag: '0' | '1';
  urgentType: number | null;
  urgentName: string;
  urgentPrice: number;
  praiseFlag: '0' | '1';
  praisePrice: number;
  returnParts: '0' | '1';
  realName: string;
  phone: string;
  phoneExtension: string;
  provinceId: string; provinceName: string; cityId: string; cityName: string; districtId: string; districtName: string;
  detailAddress: string;
  doorTime: string;
  remarks: string;
  contactName: string;
  contactPhone: string;
  technicalContacts: Array<{ name: string; phone: string }>;
  addressId: number | null;
  paymentType: number | null;
  orderSource: string;
  orderSourceNum: string;
  totalPrice: number;
  discountPrice: number;
  realPayPrice: number;
  payTime: string;
  receivingTime: string;
  completionTime: string;
  createTime: string;
  virtualTaking: number;
  paidFlag: number;
  customerServiceId: number | null;
  markerType: string;
  markerValue: string;
  followRemark: string;
  closeRemark: string;
  userInfo: { name: string };
  productList: OrderProductRow[];
  statusInfo: StatusInfo;
  /** Timeliness (issue 19): the running stage, its due time, whether it has passed. */
  sla: OrderSla;
  /** 满意度: the customer's rating 1–5 (issue 47), null until rated. */
  customerRating: number | null;
}

/** A product line as the order list shows it (no media, surcharges or remarks: the detail has those). */
export type OrderListLine = Pick<OrderProductRow, 'id' | 'productId' | 'categoryName' | 'modelName' | 'productPicture' | 'number' | 'price' | 'guidePrice' | 'totalPrice' | 'maintenanceType'>;

/**
 * A row of GET /api/app/order/list: what the order card and its actions use (decision 098). The
 * detail answer (OrderDetail) carries every field of the order.
 */
export type OrderListRow = Pick<
  OrderRow,
  | 'id' | 'orderNo' | 'status' | 'node' | 'realStatus' | 'realNode' | 'statusName' | 'nodeName' | 'parole' | 'serviceType'
  | 'urgentFlag' | 'urgentType' | 'praiseFlag' | 'returnParts' | 'realName' | 'phone' | 'phoneExtension'
  | 'provinceId' | 'provinceName' | 'cityId' | 'cityName' | 'districtId' | 'districtName' | 'detailAddress' | 'doorTime' | 'remarks'
  | 'totalPrice' | 'realPayPrice' | 'payTime' | 'completionTime' | 'createTime' | 'virtualTaking' | 'paidFlag'
  | 'markerType' | 'markerValue' | 'userInfo' | 'statusInfo' | 'sla' | 'customerRating'
> & { productList: OrderListLine[]; /** 待确认加价 (issue 46) */ extraFeePending?: boolean };

export interface OrderDetail extends OrderRow {
  omsOperateRecordList: Array<{ id: number; node: number; nodeName: string; createTime: string; content: string; relevanceType: string; relevanceId: number | null; certificate: string[]; operator: string }>;
  /** price in yuan; type 1 addition, 2 deduction */
  omsOrderExpenses: Array<{ name: string; price: number; type: 1 | 2 }>;
  logisticsVoList: Array<{ productId: number; courierCompany: string; courierNum: string; phone: string }>;
  logisticsList: Array<{ courierCompany: string; courierNum: string }>;
  customerServiceUser: { name: string; phone: string } | null;
  masterInfo: { name: string; phone: string } | null;
  progress: ReturnType<typeof progressSteps>;
}

/** GET /api/app/order/showMessage?phone — a warning the form shows before submitting (may be ignored). */
export interface PhoneWarning {
  warn: boolean;
  message: string;
  orders: Array<{ id: number; orderNo: string; status: number; statusName: string; createTime: string }>;
}
/** POST /api/common/maintain/area/resolution/{text} answers a list of these. */
export interface AddressResolution {
  name: string;
  mobile: string[];
  xzq: { province: string; provinceCode: string; city: string; pCode: string; district: string; code: string; subArea: string } | null;
  detail: string;
}
/** GET /api/common/maintain/area/getLonlatByAddress?address&area&city */
export interface GeocodeResult {
  located: boolean;
  lng: number | null;
  lat: number | null;
  precision: 'district' | 'none';
  districtId: string;
  message: string;
}
