import { z } from 'zod';
import { MSG, fileTypeMessage } from './messages';
import { PICTURE_EXT, VIDEO_EXT, extOf, fileTypeCode } from './files';
import { PRICE_FIELDS, PRICE_LABEL, guideField, type PriceField } from './enums';
import { IDS_MAX, INT_MAX, PRODUCT_PICKER_PAGE_SIZE, id, idValue, optionalPhone, pageQueryOf, positiveInt } from './validation';

// Product catalogue (spec 02 §3 Product, §5 Add product / Edit technical instructor, §7 Products).

/** Texts the spec does not give (our own wording; docs/decisions/040). */
export const PRODUCT_TEXT = {
  inUse: (names: string[]) => `以下产品存在进行中的订单，无法删除：${names.join('、')}`,
  selectToDelete: '请勾选需要删除的产品',
  notDeepest: MSG.productRequired,
  pictureOne: '产品图片只能上传1张',
  pictureMissing: '产品图片不存在，请重新上传',
  fileMissing: '文件不存在，请重新上传',
  modelNameLength: '型号名称最多50个字符',
  titleLength: '标题最多50个字符',
  nameLength: '姓名最多30个字符',
  guideRequired: (f: PriceField) => `请输入${PRICE_LABEL[f]}的保外指导价`,
  guidePrice: '指导价须为大于0的金额，最多两位小数',
  rejectReasonRequired: '请输入驳回原因',
  alreadyReviewed: '该产品已审核，无需重复操作',
  inProgressHint: '提示：存在进行中订单的产品无法删除',
} as const;

/** Platform console paths for product review (the spec's vendor paths are in API.*). */
export const PLATFORM_PRODUCT_API = {
  list: '/api/platform/products/list',
  detail: (id: number | string) => `/api/platform/products/${id}`,
  pass: '/api/platform/products/pass',
  reject: '/api/platform/products/reject',
} as const;

export type GuideField = `guide${Capitalize<PriceField>}`;
/** guideField() with its precise key type. */
export const guideKey = (f: PriceField) => guideField(f) as GuideField;

export const RULE_FIELDS = ['repairRule', 'overhaulRule', 'mediumRule', 'minorRule'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export const RULE_LABEL: Record<RuleField, string> = {
  repairRule: '维修(普通)规则',
  overhaulRule: '大修规则',
  mediumRule: '中修规则',
  minorRule: '小修规则',
};

export interface ProductFile {
  fileName: string;
  fileType: number;
  fileUrl: string;
}

/** A row of GET /api/app/products/list: every Product field of spec 02 §3, money in yuan. */
export interface ProductRow {
  id: number;
  categoryId: number;
  categoryIdOne: number;
  categoryIdTwo: number;
  categoryName: string;
  categoryNameOne: string;
  categoryNameTwo: string;
  /** 'top / second / leaf' as shown in the list. */
  categoryPath: string;
  modelName: string;
  productPicture: string;
  productVideo: ProductFile[];
  finishedDrawing: ProductFile[];
  installation: number | null;
  repair: number | null;
  overhaul: number | null;
  medium: number | null;
  minor: number | null;
  cleanse: number | null;
  debug: number | null;
  guideInstallation: number | null;
  guideRepair: number | null;
  guideOverhaul: number | null;
  guideMedium: number | null;
  guideMinor: number | null;
  guideCleanse: number | null;
  guideDebug: number | null;
  repairRule: string;
  overhaulRule: string;
  mediumRule: string;
  minorRule: string;
  checkStatus: number;
  rejectReason: string;
  name: string;
  phone: string;
  createTime: string;
}

export interface CategoryNode {
  id: number;
  name: string;
  parentId: number | null;
  child: CategoryNode[];
}

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Optional positive integer (yuan); '' and null mean "not offered". */
export const optionalPositiveInt = z.preprocess(blankToUndefined, positiveInt.max(9_999_999, MSG.positiveInteger).optional());

/** A query number that is absent when blank. */
/** A price filter in yuan: beyond 10 million yuan (no price is) it filters nothing. */
const queryNumber = z.preprocess(blankToUndefined, z.coerce.number().min(0).max(9_999_999).optional().catch(undefined));
const queryId = z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(INT_MAX).optional().catch(undefined));

export const categoryListQuery = z.object({
  name: z.string().trim().optional().catch(undefined),
  parentId: queryId,
  type: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(INT_MAX).optional().catch(undefined)),
});

/** The order form's product picker asks for 9999 rows (spec 02 §7). */
export const productListQuery = pageQueryOf(PRODUCT_PICKER_PAGE_SIZE).extend({
  categoryId: queryId,
  categoryId1: queryId,
  categoryId2: queryId,
  keywords: z.string().trim().max(100).optional().catch(undefined),
  minPrice: queryNumber,
  maxPrice: queryNumber,
  isCheck: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(2).optional().catch(undefined)),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

const fileItem = (allowed: readonly string[]) =>
  z.object({
    fileName: z.string({ error: MSG.titleRequired }).trim().min(1, MSG.titleRequired).max(50, PRODUCT_TEXT.titleLength),
    fileUrl: z
      .string({ error: MSG.fileRequired })
      .trim()
      .min(1, MSG.fileRequired)
      .max(500, MSG.fileRequired)
      .refine((u) => allowed.includes(extOf(u)), fileTypeMessage(allowed)),
    fileType: z.unknown().optional(),
  }).transform((f): ProductFile => ({ fileName: f.fileName, fileUrl: f.fileUrl, fileType: fileTypeCode(f.fileUrl) }));

export const productVideoItem = fileItem(VIDEO_EXT);
export const finishedDrawingItem = fileItem(PICTURE_EXT);

const fileList = <T extends z.ZodType>(item: T) => z.preprocess((v) => (v === '' || v == null ? [] : v), z.array(item).max(50));

const priceShape = Object.fromEntries(PRICE_FIELDS.map((f) => [f, optionalPositiveInt])) as Record<PriceField, typeof optionalPositiveInt>;

/** POST /api/app/products: the add form (spec 02 §5 Add product, in the spec's order). */
export const productAddBody = z
  .object({
    categoryId: z.preprocess(blankToUndefined, z.coerce.number({ error: MSG.productRequired }).int(MSG.productRequired).positive(MSG.productRequired).max(INT_MAX, MSG.productRequired)),
    modelName: z.string({ error: MSG.modelNameRequired }).trim().min(1, MSG.modelNameRequired).max(50, PRODUCT_TEXT.modelNameLength),
    productPicture: z
      .preprocess(
        (v) => (v == null ? '' : v),
        z.string().trim().max(500).refine((p) => !p.includes(','), PRODUCT_TEXT.pictureOne),
      )
      .refine((p) => p === '' || (PICTURE_EXT as readonly string[]).includes(extOf(p)), fileTypeMessage(PICTURE_EXT)),
    productVideo: fileList(productVideoItem),
    finishedDrawing: fileList(finishedDrawingItem),
    ...priceShape,
    name: z.string().trim().max(30, PRODUCT_TEXT.nameLength).optional().nullable().transform((v) => v ?? ''),
    phone: optionalPhone,
  })
  .superRefine((b, ctx) => {
    if (PRICE_FIELDS.every((f) => b[f] === undefined)) ctx.addIssue({ code: 'custom', message: MSG.priceAtLeastOne, path: ['installation'] });
  })
  // The instructor is kept only when both name and phone are given (spec 02 §5).
  .transform((b) => (b.name && b.phone ? b : { ...b, name: '', phone: '' }));
export type ProductAddBody = z.infer<typeof productAddBody>;

/** POST /api/app/products/update: only the technical instructor. */
export const productUpdateBody = z.object({
  id,
  name: z.string().trim().max(30, PRODUCT_TEXT.nameLength).optional().nullable().transform((v) => v ?? ''),
  phone: optionalPhone,
});

/** "12", "12,13" → [12, 13]; anything else is not a product id list. */
export function parseIdList(text: string): number[] | null {
  const parts = text.split(',').map((s) => s.trim()).filter(Boolean);
  const ids = parts.map(idValue);
  if (!parts.length || parts.length > IDS_MAX || ids.some((n) => n === null)) return null;
  return [...new Set(ids as number[])];
}

// ---- platform review

/** A guide price in yuan: greater than 0, at most two decimals. */
const guideYuan = z.preprocess(
  blankToUndefined,
  z.union([z.number(), z.string()], { error: PRODUCT_TEXT.guidePrice })
    .transform((v) => String(v).trim())
    .refine((s) => /^\d{1,8}(\.\d{1,2})?$/.test(s) && Number(s) > 0, PRODUCT_TEXT.guidePrice)
    .optional(),
);
const ruleText = z.string().trim().max(400, '规则最多输入400个字符').optional().nullable().transform((v) => v ?? '');

export const productPassBody = z.object({
  id,
  ...(Object.fromEntries(PRICE_FIELDS.map((f) => [guideField(f), guideYuan])) as Record<GuideField, typeof guideYuan>),
  repairRule: ruleText,
  overhaulRule: ruleText,
  mediumRule: ruleText,
  minorRule: ruleText,
});
export type ProductPassBody = z.infer<typeof productPassBody>;

export const productRejectBody = z.object({
  id,
  reason: z.string({ error: PRODUCT_TEXT.rejectReasonRequired }).trim().min(1, PRODUCT_TEXT.rejectReasonRequired).max(200, '驳回原因最多200个字符'),
});

export const platformProductListQuery = pageQueryOf(100).extend({
  checkStatus: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(2).optional().catch(undefined)),
  keywords: z.string().trim().max(100).optional().catch(undefined),
});

export interface PlatformProductRow extends ProductRow {
  vendorId: number;
  vendorCompany: string;
}

/** The offered services of a product: the price fields that have an in-warranty price. */
export const offeredFields = (p: Pick<ProductRow, PriceField>) => PRICE_FIELDS.filter((f) => p[f] != null);
