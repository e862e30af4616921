import type { Generated } from 'kysely';

export interface CategoriesTable {
  id: number;
  parent_id: number | null;
  name: string;
  type: Generated<number>;
  /** 1 top, 2 second, 3 deepest. */
  level: number;
  sort: Generated<number>;
}

export interface ProductsTable {
  id: Generated<number>;
  vendor_id: number;
  created_by: number;
  /** Deepest chosen category; _one is the top level, _two the second. */
  category_id: number;
  category_id_one: number;
  category_id_two: number;
  category_name: string;
  category_name_one: string;
  category_name_two: string;
  model_name: string;
  picture: Generated<string>;
  /** JSON text: [{fileName, fileType, fileUrl}]. */
  videos: Generated<string>;
  drawings: Generated<string>;
  /** In-warranty prices in fen; null = service not offered. */
  installation_fen: number | null;
  repair_fen: number | null;
  overhaul_fen: number | null;
  medium_fen: number | null;
  minor_fen: number | null;
  cleanse_fen: number | null;
  debug_fen: number | null;
  /** Out-of-warranty guide prices in fen, set by the platform's review. */
  guide_installation_fen: number | null;
  guide_repair_fen: number | null;
  guide_overhaul_fen: number | null;
  guide_medium_fen: number | null;
  guide_minor_fen: number | null;
  guide_cleanse_fen: number | null;
  guide_debug_fen: number | null;
  repair_rule: Generated<string>;
  overhaul_rule: Generated<string>;
  medium_rule: Generated<string>;
  minor_rule: Generated<string>;
  /** 0 under review, 1 passed, 2 rejected. */
  check_status: Generated<number>;
  reject_reason: Generated<string>;
  checked_by: number | null;
  checked_at: string | null;
  instructor_name: Generated<string>;
  instructor_phone: Generated<string>;
  deleted_at: string | null;
  created_at: string;
}

/** Live products per vendor, creator and review status, kept by triggers (decision 141). */
export interface ProductCountsTable {
  vendor_id: number;
  created_by: number;
  check_status: number;
  n: number;
}

/** Live products per vendor, category level (1 top, 2 second, 3 deepest), category, creator and review status, kept by triggers (decision 204). */
export interface ProductCategoryCountsTable {
  vendor_id: number;
  level: number;
  category_id: number;
  created_by: number;
  check_status: number;
  n: number;
}

/** One row per distinct offered price of a live product, kept by triggers (decision 141). */
export interface ProductPricesTable {
  vendor_id: number;
  price_fen: number;
  product_id: number;
  /** The product's next higher offered price; null for its highest. */
  next_fen: number | null;
  /** The product's created_at, so a range's page is sorted here (decision 205); null only before that migration. */
  created_at: string | null;
}

/** PostgreSQL: each vendor's revision of its products' searched text, in 16 slots summed (docs/decisions/208). */
export interface ProductTables {
  categories: CategoriesTable;
  products: ProductsTable;
  product_counts: ProductCountsTable;
  product_category_counts: ProductCategoryCountsTable;
  product_prices: ProductPricesTable;
}
