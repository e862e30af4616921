import type { DB } from '../database';
import { hashPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import { seedDemoProducts } from './demo-products';
import { seedDemoWallet } from './demo-wallet';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoOrders } from './demo-orders';
import { seedDemoAfterSales } from './demo-after-sales';
import { seedDemoExtraFees } from './demo-extra-fees';
import { seedDemoLedgerOrder } from './demo-ledger-order';

export const DEMO = {
  mainPhone: '13800138000',
  subAccount: 'zhangsan',
  password: 'demo123456',
  operatorAccount: 'admin',
  operatorPassword: 'admin123456',
} as const;

export interface DemoContext {
  db: DB;
  /** Where uploaded files live (DATA_DIR); demo files go under its uploads/ folder. */
  dataDir: string;
  vendorId: number;
  mainUserId: number;
  subUserId: number;
  operatorId: number;
}

/** Later domains add their demo rows (products, orders, ledger, files) here, one line each. */
export const demoSeeders: Array<(ctx: DemoContext) => Promise<void>> = [];
demoSeeders.push(seedDemoProducts);
// The wallet first: later seeders pay demo orders from this balance.
demoSeeders.push(seedDemoWallet);
demoSeeders.push(seedDemoAccounts);
demoSeeders.push(seedDemoOrders);
demoSeeders.push(seedDemoAfterSales);
demoSeeders.push(seedDemoExtraFees);
// Last: the ledger's balances in date order, once every seeder has dated its records.
demoSeeders.push(seedDemoLedgerOrder);

/** Demo vendor, sub-account and operator: only into a database without vendors. */
export async function seedDemo(db: DB, dataDir: string): Promise<boolean> {
  const any = await db.selectFrom('vendors').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const hash = await hashPassword(DEMO.password);
  const now = nowIso();
  const vendor = await db
    .insertInto('vendors')
    .values({ company: '华东智能家电制造有限公司', name: '华东家电', contacts: '王经理', order_discount_flag: 1, outlet_discount_flag: 1, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const main = await db
    .insertInto('users')
    .values({ vendor_id: vendor.id, is_sub: 0, phone: DEMO.mainPhone, name: '华东家电', password_hash: hash, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sub = await db
    .insertInto('users')
    .values({ vendor_id: vendor.id, is_sub: 1, account: DEMO.subAccount, phone: '13900139000', name: '张三', password_hash: hash, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The demo sub-account may see and place orders (own data only) and read the knowledge base.
  await db
    .insertInto('user_menus')
    .values([11, 12, 13, 16].map((menu_id) => ({ user_id: sub.id, menu_id, vendor_id: vendor.id, data_permissions: menu_id === 12 ? 1 : 0 })))
    .execute();
  await db.insertInto('vendor_technicians').values({ vendor_id: vendor.id, name: '李工', phone: '13700137000', sort: 0 }).execute();
  await db
    .insertInto('vendor_addresses')
    .values({
      vendor_id: vendor.id, real_name: '王经理', phone: '13800138000', province_id: '310000', province_name: '上海市', city_id: '310100', city_name: '上海市',
      district_id: '310112', district_name: '闵行区', detail_address: '申长路988弄2号楼仓库', default_flag: 1, payment_type: 0, sort: 0,
    })
    .execute();
  const op = await db
    .insertInto('operators')
    .values({ account: DEMO.operatorAccount, name: '平台运营-小周', password_hash: await hashPassword(DEMO.operatorPassword), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ctx: DemoContext = { db, dataDir, vendorId: vendor.id, mainUserId: main.id, subUserId: sub.id, operatorId: op.id };
  for (const seed of demoSeeders) await seed(ctx);
  return true;
}
