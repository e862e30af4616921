import { fenToYuan } from '@portal/domain/money';
import { PRICE_FIELDS, guideField, type PriceField } from '@portal/domain/enums';
import type { ProductFile, ProductRow } from '@portal/domain/products';
import type { CatalogPricesFen } from '@portal/domain/orders';
import type { Selectable } from 'kysely';
import type { ProductsTable } from '../db/schema/products';
import { toShanghai } from './time';

export type ProductRecord = Selectable<ProductsTable>;

const yuanOrNull = (fen: number | null) => (fen == null ? null : fenToYuan(Number(fen)));

export const priceColumn = (f: PriceField) => `${f}_fen` as const;
export const guideColumn = (f: PriceField) => `guide_${f}_fen` as const;

/** A product's catalogue and guide prices in fen, as the shared order pricing reads them (form and import). */
export function catalogPricesOf(p: ProductRecord): CatalogPricesFen {
  const out: CatalogPricesFen = {};
  for (const f of PRICE_FIELDS) {
    const v = p[priceColumn(f)];
    const g = p[guideColumn(f)];
    out[f] = v == null ? null : Number(v);
    out[guideField(f)] = g == null ? null : Number(g);
  }
  return out;
}

function files(json: string): ProductFile[] {
  try {
    const list = JSON.parse(json);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** A products row as the API answers it (spec 02 §3 Product), money in yuan. */
export function toProductRow(r: ProductRecord): ProductRow {
  const prices = Object.fromEntries(PRICE_FIELDS.flatMap((f) => [
    [f, yuanOrNull(r[priceColumn(f)])],
    [guideField(f), yuanOrNull(r[guideColumn(f)])],
  ]));
  return {
    id: r.id,
    categoryId: r.category_id,
    categoryIdOne: r.category_id_one,
    categoryIdTwo: r.category_id_two,
    categoryName: r.category_name,
    categoryNameOne: r.category_name_one,
    categoryNameTwo: r.category_name_two,
    categoryPath: [r.category_name_one, r.category_name_two, r.category_name].join(' / '),
    modelName: r.model_name,
    productPicture: r.picture,
    productVideo: files(r.videos),
    finishedDrawing: files(r.drawings),
    ...(prices as Pick<ProductRow, PriceField | `guide${string}` & keyof ProductRow>),
    repairRule: r.repair_rule,
    overhaulRule: r.overhaul_rule,
    mediumRule: r.medium_rule,
    minorRule: r.minor_rule,
    checkStatus: r.check_status,
    rejectReason: r.reject_reason,
    name: r.instructor_name,
    phone: r.instructor_phone,
    createTime: toShanghai(r.created_at),
  } as ProductRow;
}
