// After-sales and compensation (spec 02 §2.5, §3, §4, §5, §7) and the completed-work gallery (§2.8).
import { z } from 'zod';
import { MSG } from './messages';
import { INT_MAX, idList as sharedIdList } from './validation';

/** Texts the spec does not give (docs/decisions/080). */
export const AFTER_SALE_MSG = {
  typeRequired: '请选择申请类型',
  reasonRequired: '请选择申请原因',
  reasonUnknown: '申请原因不正确',
  orderRequired: '请选择订单',
  text400: '最多输入400个字符',
  moneyTooLarge: '赔偿金额过大',
  voucherTooMany: '凭证最多上传9个文件',
  notAllowed: '当前订单状态不能申请售后',
  alreadyOpen: '该订单已有售后申请在处理中',
  cannotWithdraw: '平台已处理该申请，不能撤回',
  alreadyHandled: '该售后申请已处理',
  notProcessing: '该售后申请不在处理中',
  processingRequired: '请选择处理方式',
  rejectReasonRequired: '请输入驳回原因',
  compensationOnlyAmount: '赔偿申请无需处理方式',
  picturesRequired: '请勾选需要下载的图片',
  tooManyPictures: '一次最多下载500张图片',
  approveOk: '审核通过',
  completeOk: '售后已完成',
  /** The console's 新师傅已接单 / 售后完成 while the case's free re-dispatch order is cancelled (decision 281). */
  newOrderCancelled: '该售后的重新派单工单已取消，不能标记新师傅已接单或售后完成',
} as const;

/** The merchant's cancel of an open case's free re-dispatch order (decision 281); `orderNo` names it in a batch. */
export const followUpNotCancellableMsg = (orderNo: string) => `订单${orderNo}是售后重新派单的工单，售后处理中不能取消，如不再需要请联系平台`;

/**
 * A compensation beyond what the vendor paid for the order, less what it was already compensated
 * (docs/decisions/116); `leftYuan` is what may still be compensated, e.g. "62.00" or "0.00".
 */
export const compensationOverPaidMsg = (leftYuan: string) => `赔偿总额不能超过该订单的实付金额，本单最多还可赔偿¥${leftYuan}`;

export const AFTER_SALE_STATUS = { applying: 0, processing: 1, completed: 2, closed: 3 } as const;
export const AFTER_SALE_CHECK = { reviewing: 0, approved: 1, rejected: 2, withdrawn: 3 } as const;
/** Type 2 while processing: 0 the master cancelled and the platform re-dispatches, 1 the master handles it. */
export const PROCESSING_STATUS = { redispatching: 0, masterProcessing: 1 } as const;

/** Whole yuan; a typo guard far above any real compensation. */
export const COMPENSATION_MAX_YUAN = 1_000_000;
export const VOUCHER_MAX_FILES = 9;
export const AFTER_SALE_PAGE_SIZE = 10;
export const GALLERY_PAGE_SIZE = 10;
export const GALLERY_DOWNLOAD_MAX = 500;

const afterSaleType = z.coerce
  .number({ error: AFTER_SALE_MSG.typeRequired })
  .refine((v) => v === 1 || v === 2, AFTER_SALE_MSG.typeRequired);

const commaList = (v: unknown) =>
  (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [])
    .map((x) => String(x).trim())
    .filter(Boolean);

/** The compensation amount (type 1): required (请输入赔偿金额), whole yuan (请输入正整数). */
export const compensationMoney = z
  .union([z.string(), z.number()], { error: MSG.compensationRequired })
  .transform((v) => String(v).trim())
  .refine((v) => v !== '', MSG.compensationRequired)
  .refine((v) => /^\d+$/.test(v) && Number(v) > 0, MSG.positiveInteger)
  .refine((v) => Number(v) <= COMPENSATION_MAX_YUAN, AFTER_SALE_MSG.moneyTooLarge);

/** POST /api/app/afterSales/application (spec 02 §5 After-sales apply). */
export const afterSaleApplyBody = z
  .object({
    orderId: z.coerce.number({ error: AFTER_SALE_MSG.orderRequired }).int(AFTER_SALE_MSG.orderRequired).positive(AFTER_SALE_MSG.orderRequired).max(INT_MAX, AFTER_SALE_MSG.orderRequired),
    type: afterSaleType,
    money: z.union([z.string(), z.number()]).optional().nullable(),
    reasons: z
      .union([z.string(), z.array(z.string())], { error: AFTER_SALE_MSG.reasonRequired })
      .transform(commaList)
      .refine((v) => v.length > 0, AFTER_SALE_MSG.reasonRequired)
      .refine((v) => v.length <= 10 && v.every((r) => r.length <= 100), AFTER_SALE_MSG.reasonUnknown),
    description: z.string({ error: MSG.descriptionRequired }).trim().min(1, MSG.descriptionRequired).max(400, AFTER_SALE_MSG.text400),
    voucher: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .nullable()
      .transform(commaList)
      .refine((v) => v.length <= VOUCHER_MAX_FILES, AFTER_SALE_MSG.voucherTooMany)
      .refine((v) => v.every((p) => p.length <= 500), AFTER_SALE_MSG.voucherTooMany),
  })
  .superRefine((o, ctx) => {
    if (o.type !== 1) return;
    const r = compensationMoney.safeParse(o.money);
    if (!r.success) ctx.addIssue({ code: 'custom', message: r.error.issues[0]!.message, path: ['money'] });
  })
  // Only compensation carries an amount; an after-sales request never moves money.
  .transform((o) => ({ ...o, money: o.type === 1 ? Number(String(o.money).trim()) : 0 }));
export type AfterSaleApplyInput = z.infer<typeof afterSaleApplyBody>;

const optionalStatus = z.preprocess(
  (v) => (v === '' || v === null || v === undefined || v === '-1' || v === -1 ? undefined : Number(v)),
  z.number().int().min(0).max(3).optional().catch(undefined),
);
const optionalText = (max: number) => z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim() : undefined), z.string().max(max).optional().catch(undefined));

/** GET /api/app/afterSales/list filters; unknown values are ignored rather than refused. */
export const afterSaleListQuery = z.object({
  keyword: optionalText(100),
  status: optionalStatus,
  minTime: optionalText(30),
  maxTime: optionalText(30),
  pageNum: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(AFTER_SALE_PAGE_SIZE),
});
export type AfterSaleListQuery = z.infer<typeof afterSaleListQuery>;

/** The platform's list: the vendor's filters plus check status and type. */
export const platformAfterSaleListQuery = afterSaleListQuery.extend({
  checkStatus: optionalStatus,
  type: z.preprocess((v) => (v === '' || v == null ? undefined : Number(v)), z.number().int().min(1).max(2).optional().catch(undefined)),
});
export type PlatformAfterSaleListQuery = z.infer<typeof platformAfterSaleListQuery>;

/** Platform approval: type 2 needs how it is handled (0 re-dispatch to a new master, 1 the master handles it). */
export const afterSaleApproveBody = z.object({
  processingStatus: z.preprocess((v) => (v === '' || v == null ? undefined : Number(v)), z.number().int().min(0).max(1, AFTER_SALE_MSG.processingRequired).optional()),
  remark: z.string().trim().max(400, AFTER_SALE_MSG.text400).optional().nullable().transform((v) => v ?? ''),
});
export const afterSaleRejectBody = z.object({
  reason: z.string({ error: AFTER_SALE_MSG.rejectReasonRequired }).trim().min(1, AFTER_SALE_MSG.rejectReasonRequired).max(400, AFTER_SALE_MSG.text400),
});
export const afterSaleCompleteBody = z.object({
  remark: z.string().trim().max(400, AFTER_SALE_MSG.text400).optional().nullable().transform((v) => v ?? ''),
});

export interface AfterSaleReason {
  id: number;
  type: number;
  content: string;
}

export interface AfterSaleTimelineEntry {
  createTime: string;
  content: string;
}

/** A row of GET /api/app/afterSales/list (and the platform's list). */
export interface AfterSaleRow {
  id: number;
  afterId: number;
  type: number;
  typeName: string;
  status: number;
  statusName: string;
  checkStatus: number;
  checkStatusName: string;
  checkReason: string;
  processingStatus: number | null;
  money: number;
  reasons: string;
  description: string;
  voucher: string;
  createTime: string;
  checkTime: string;
  orderId: number;
  orderNo: string;
  oldOrder: string;
  oldOrderId: number;
  newOrder: string;
  newOrderId: number | null;
  /** The re-dispatch order's status and its name (decision 281); null and '' without one. */
  newOrderStatus: number | null;
  newOrderStatusName: string;
  realName: string;
  phone: string;
  serviceType: number;
  productSummary: string;
  statusTip: string;
  vendorName?: string;
}

export interface AfterSaleDetail extends AfterSaleRow {
  createdByName: string;
  timeline: AfterSaleTimelineEntry[];
}

export interface AfterSaleStateLike {
  type: number;
  status: number;
  checkStatus: number;
  processingStatus: number | null;
  checkReason?: string;
  /** The case's re-dispatch order is cancelled (decision 281). */
  newOrderCancelled?: boolean;
}

/** The status tip of the detail screen (spec 02 §4 After-sales wording). */
export function afterSaleStatusTip(a: AfterSaleStateLike): string {
  if (a.checkStatus === AFTER_SALE_CHECK.reviewing) return '平台审核中，请耐心等待';
  if (a.checkStatus === AFTER_SALE_CHECK.withdrawn) return '已撤回售后申请';
  if (a.checkStatus === AFTER_SALE_CHECK.rejected) return a.checkReason ? `平台已驳回：${a.checkReason}` : '平台已驳回';
  if (a.type === 1) return a.status === AFTER_SALE_STATUS.completed ? '审核通过，赔偿金额已转入账户余额' : '审核通过';
  if (a.status === AFTER_SALE_STATUS.processing) {
    if (a.newOrderCancelled) return '重新派单的工单已取消';
    return a.processingStatus === PROCESSING_STATUS.redispatching ? '师傅已取消，重新派单中' : '师傅处理中';
  }
  if (a.status === AFTER_SALE_STATUS.completed) return '售后已完成';
  if (a.status === AFTER_SALE_STATUS.closed) return '售后已关闭';
  return '审核通过';
}

/** Progress of a case: submitted → platform review → handling (compensation / after-sales) → done. */
export function afterSaleSteps(a: AfterSaleStateLike): { current: number; error: boolean; titles: string[] } {
  const titles = ['提交申请', '平台审核', a.type === 1 ? '赔偿到账' : '售后处理', '完成'];
  if (a.checkStatus === AFTER_SALE_CHECK.reviewing) return { current: 1, error: false, titles };
  if (a.checkStatus === AFTER_SALE_CHECK.rejected || a.checkStatus === AFTER_SALE_CHECK.withdrawn) return { current: 1, error: true, titles };
  if (a.status === AFTER_SALE_STATUS.processing) return { current: 2, error: false, titles };
  if (a.status === AFTER_SALE_STATUS.completed) return { current: 4, error: false, titles };
  return { current: 2, error: a.status === AFTER_SALE_STATUS.closed, titles };
}

// ---------- gallery ----------
/** List filters of the gallery (API.galleryList, docs/decisions/081). */
export const galleryListQuery = z.object({
  categoryId: z.preprocess((v) => (v === '' || v == null ? undefined : Number(v)), z.number().int().positive().max(INT_MAX).optional().catch(undefined)),
  keyword: optionalText(100),
  minTime: optionalText(30),
  maxTime: optionalText(30),
  serviceType: z.preprocess((v) => (v === '' || v == null ? undefined : Number(v)), z.number().int().min(1).max(4).optional().catch(undefined)),
  pageNum: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(GALLERY_PAGE_SIZE),
});
export type GalleryListQuery = z.infer<typeof galleryListQuery>;

const idList = z.preprocess((v) => (v == null ? [] : v), sharedIdList(AFTER_SALE_MSG.picturesRequired));

/** API.galleryDownload: chosen pictures and/or whole orders. */
export const galleryDownloadBody = z
  .object({ picIds: idList, orderIds: idList })
  .refine((b) => b.picIds.length + b.orderIds.length > 0, AFTER_SALE_MSG.picturesRequired)
  .refine((b) => b.picIds.length <= GALLERY_DOWNLOAD_MAX && b.orderIds.length <= GALLERY_DOWNLOAD_MAX, AFTER_SALE_MSG.tooManyPictures);

export interface GalleryPicture {
  id: number;
  fileUrl: string;
  /** 1 image, otherwise video */
  fileType: number;
}
export interface GalleryRow {
  orderId: number;
  omsOrder: { id: number; orderNo: string; realName: string; phone: string; phoneExtension: string };
  modelName: string;
  serviceType: number;
  completionTime: string;
  omsProductCompletionPicList: GalleryPicture[];
}

/** The operator console's after-sales API (role 'platform'). */
export const PLATFORM_AFTER_SALE_API = {
  list: '/api/platform/afterSales/list',
  detail: (id: number | string) => `/api/platform/afterSales/${id}`,
  approve: (id: number | string) => `/api/platform/afterSales/approve/${id}`,
  reject: (id: number | string) => `/api/platform/afterSales/reject/${id}`,
  processing: (id: number | string) => `/api/platform/afterSales/processing/${id}`,
  complete: (id: number | string) => `/api/platform/afterSales/complete/${id}`,
} as const;
