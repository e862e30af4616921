import type { Config } from '../config';
import { connectDatabase, type DbHandle } from './connect';
import { migrateToLatest } from './migrate';
import { seedReference } from './seed/reference';
import { seedDemo } from './seed/demo';

/** Connect, migrate, seed reference data, and demo data into an empty database when asked. */
export async function setupDatabase(config: Config): Promise<DbHandle & { seededDemo: boolean }> {
  const handle = await connectDatabase(config.DATABASE_URL, { poolMax: config.PG_POOL_MAX });
  await migrateToLatest(handle.db);
  await seedReference(handle.db);
  const seededDemo = config.PORTAL_DEMO_DATA ? await seedDemo(handle.db, config.DATA_DIR) : false;
  return { ...handle, seededDemo };
}
