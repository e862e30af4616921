import { z } from 'zod';
import type { CategoryNode } from '../products';
import { time, yuan } from './envelope';

/** Answers of the catalogue: products (spec 02 §3) and the category tree. */

export const productFile = z.object({ fileName: z.string(), fileType: z.number().int(), fileUrl: z.string() });
const price = yuan.nullable();

export const productRow = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryIdOne: z.number().int(),
  categoryIdTwo: z.number().int(),
  categoryName: z.string(),
  categoryNameOne: z.string(),
  categoryNameTwo: z.string(),
  categoryPath: z.string(),
  modelName: z.string(),
  productPicture: z.string(),
  productVideo: z.array(productFile),
  finishedDrawing: z.array(productFile),
  installation: price,
  repair: price,
  overhaul: price,
  medium: price,
  minor: price,
  cleanse: price,
  debug: price,
  guideInstallation: price,
  guideRepair: price,
  guideOverhaul: price,
  guideMedium: price,
  guideMinor: price,
  guideCleanse: price,
  guideDebug: price,
  repairRule: z.string(),
  overhaulRule: z.string(),
  mediumRule: z.string(),
  minorRule: z.string(),
  checkStatus: z.number().int(),
  rejectReason: z.string(),
  name: z.string(),
  phone: z.string(),
  createTime: time,
});

/** The console's review row: the product and its vendor. */
export const platformProductRow = productRow.extend({ vendorId: z.number().int(), vendorCompany: z.string() });

export const categoryNode: z.ZodType<CategoryNode> = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  get child() {
    return z.array(categoryNode);
  },
}).meta({ id: 'CategoryNode' }); // a named component: OpenAPI can only express a recursive schema by a $ref to one (issue 48 item 13)

export const productCreated = z.object({ id: z.number().int() });
