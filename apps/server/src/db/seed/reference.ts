import { areaList } from '@vant/area-data';
import { sql } from 'kysely';
import { MENU_TREE, type MenuDef } from '@portal/domain/permissions';
import type { DB } from '../database';
import { nowIso } from '../../lib/time';
import { AGREEMENTS } from './agreements';
import { seedCategories } from './categories';
import { seedAfterSaleReasons } from './after-sale-reasons';
import { seedOrderReference } from './order-reference';

export const SITE_CONFIG: Array<{ key: string; name: string; value: string }> = [
  { key: 'pc', name: 'PC端站点配置', value: JSON.stringify({ logo: '/logo.svg', zhuanyeshifu: '52.6', zhuanyeshifufugailv: '98.6' }) },
  { key: 'shoukuanQrcode', name: '收款二维码', value: 'https://pay.example.com/portal/recharge?merchant=HJFW2026' },
  { key: 'service_hotline', name: '服务热线', value: '400-820-1688' },
  { key: 'complaints_hotline', name: '投诉热线', value: '400-820-1699' },
  { key: 'kefuPhone', name: '客服电话', value: '021-61821688,021-61821699' },
  { key: 'qudaolink', name: '在线客服链接', value: 'https://kefu.example.com/im?channel=portal' },
  { key: 'create_order_discount', name: '多产品下单折扣', value: '0.95' },
  { key: 'company_contact', name: '公司联系方式', value: JSON.stringify({ company: '上海厂服网络科技有限公司', address: '上海市闵行区申长路988弄虹桥万科中心2号楼', phone: '400-820-1688', email: 'service@changfu.example.com' }) },
];

const NOTICE = {
  title: '平台公告：2026年冬季服务保障安排',
  image: '/notice.svg',
  content: `<h3>2026年冬季服务保障安排</h3><p>尊敬的厂家伙伴：</p><p>冬季为热水器、暖气设备安装高峰期，平台已在全国增派服务师傅。为保证时效，请在下单时准确填写客户地址与上门时间。</p><p>即日起至2027年2月28日，加急订单12小时内上门，超时未上门的订单平台将全额退还加急费。</p><p>如有疑问，请拨打服务热线 400-820-1688。</p>`,
};

async function upsert<T extends 'configs' | 'agreements' | 'menus' | 'regions'>(db: DB, table: T, rows: any[], key: string) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.column(key as any).doNothing())
      .execute();
  }
}

function regionRows() {
  const rows: Array<{ code: string; name: string; parent_code: string | null; level: number }> = [];
  for (const [code, name] of Object.entries(areaList.province_list)) rows.push({ code, name, parent_code: null, level: 1 });
  const cities = new Set(Object.keys(areaList.city_list));
  for (const [code, name] of Object.entries(areaList.city_list)) rows.push({ code, name, parent_code: `${code.slice(0, 2)}0000`, level: 2 });
  for (const [code, name] of Object.entries(areaList.county_list)) {
    const city = `${code.slice(0, 4)}00`;
    if (cities.has(city)) rows.push({ code, name, parent_code: city, level: 3 });
  }
  return rows;
}

function menuRows(tree: MenuDef[], parent: number | null = null): any[] {
  return tree.flatMap((m, i) => [
    { id: m.id, parent_id: parent, name: m.name, menu_type: m.menuType, permissions: m.permissions, data_flag: m.dataFlag, sort: i },
    ...menuRows(m.child ?? [], m.id),
  ]);
}

/** Reference data every installation needs; safe to run at every start. */
export async function seedReference(db: DB) {
  await upsert(db, 'regions', regionRows(), 'code');
  await upsert(db, 'configs', SITE_CONFIG, 'key');
  await upsert(db, 'agreements', AGREEMENTS.map((a) => ({ ...a })), 'id');
  await upsert(db, 'menus', menuRows(MENU_TREE), 'id');
  await seedCategories(db);
  await seedOrderReference(db);
  await seedAfterSaleReasons(db);
  const { n } = await db.selectFrom('notices').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  if (Number(n) === 0) await db.insertInto('notices').values({ ...NOTICE, created_at: nowIso() }).execute();
}
