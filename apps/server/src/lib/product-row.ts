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

/**
 * A products row as the API answers it (spec 02 §3 Product), money in yuan. The fourteen prices are
 * written out: this runs for every row of every product answer, and keys built per field (`${f}_fen`,
 * guideField) cost ~10 µs a row in the list's profile.
 */
export function toProductRow(r: ProductRecord): ProductRow {
  return {
    id: r.id,
    categoryId: r.category_id,
    categoryIdOne: r.category_id_one,
    categoryIdTwo: r.category_id_two,
    categoryName: r.category_name,
    categoryNameOne: r.category_name_one,
    categoryNameTwo: r.category_name_two,
    categoryPath: `${r.category_name_one} / ${r.category_name_two} / ${r.category_name}`,
    modelName: r.model_name,
    productPicture: r.picture,
    productVideo: files(r.videos),
    finishedDrawing: files(r.drawings),
    installation: yuanOrNull(r.installation_fen),
    guideInstallation: yuanOrNull(r.guide_installation_fen),
    repair: yuanOrNull(r.repair_fen),
    guideRepair: yuanOrNull(r.guide_repair_fen),
    overhaul: yuanOrNull(r.overhaul_fen),
    guideOverhaul: yuanOrNull(r.guide_overhaul_fen),
    medium: yuanOrNull(r.medium_fen),
    guideMedium: yuanOrNull(r.guide_medium_fen),
    minor: yuanOrNull(r.minor_fen),
    guideMinor: yuanOrNull(r.guide_minor_fen),
    cleanse: yuanOrNull(r.cleanse_fen),
    guideCleanse: yuanOrNull(r.guide_cleanse_fen),
    debug: yuanOrNull(r.debug_fen),
    guideDebug: yuanOrNull(r.guide_debug_fen),
    repairRule: r.repair_rule,
    overhaulRule: r.overhaul_rule,
    mediumRule: r.medium_rule,
    minorRule: r.minor_rule,
    checkStatus: r.check_status,
    rejectReason: r.reject_reason,
    name: r.instructor_name,
    phone: r.instructor_phone,
    createTime: toShanghai(r.created_at),
  };
}
