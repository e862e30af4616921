import type { DB } from '../db/database';

/** Every region (province, city, district) in code order (lib/region-tree.ts). */
export const listRegions = (db: DB) => db.selectFrom('regions').selectAll().orderBy('code').execute();
