import type { DB } from '../database';
import { nowIso } from '../../lib/time';

// The platform's world for orders: carriers, the surcharge catalogue per service type, dealer
// outlets and master technicians with their service regions and skills. Seeded once per table.

const CARRIERS = ['顺丰速运', '中通快递', '圆通速递', '申通快递', '韵达快递', '京东物流', '极兔速递', '德邦快递', 'EMS', '百世快递'];

const SURCHARGES: Array<[number, string, number, string]> = [
  [1, '高空作业费', 10000, '次'], [1, '加长铜管', 8000, '米'], [1, '墙体打孔', 5000, '个'], [1, '支架', 12000, '套'], [1, '拆旧机', 8000, '台'], [1, '远程费', 5000, '次'],
  [2, '配件更换费', 5000, '项'], [2, '加氟', 15000, '次'], [2, '远程费', 5000, '次'], [2, '二次上门', 3000, '次'],
  [3, '深度清洗', 6000, '台'], [3, '杀菌除味', 3000, '次'], [3, '高空作业费', 10000, '次'],
  [4, '检测报告', 3000, '份'], [4, '远程费', 5000, '次'],
  [5, '搬运费', 5000, '台'],
];

/** District codes that have a dealer outlet (the create_order_discount rule skips them). */
const OUTLETS: Array<[string, string, string, string]> = [
  ['310104', '徐汇区家电服务网点', '021-64381234', '上海市徐汇区漕溪北路88号'],
  ['310115', '浦东新区张江服务网点', '021-50801234', '上海市浦东新区张江路368号'],
  ['330106', '杭州西湖区服务网点', '0571-87651234', '浙江省杭州市西湖区文三路259号'],
  ['320106', '南京鼓楼区服务网点', '025-83301234', '江苏省南京市鼓楼区中山北路105号'],
  ['440305', '深圳南山区服务网点', '0755-26781234', '广东省深圳市南山区科技园南区'],
  ['110105', '北京朝阳区服务网点', '010-65871234', '北京市朝阳区建国路93号'],
];

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹';
const GIVEN = ['建国', '志强', '海涛', '伟', '明', '军', '磊', '勇', '杰', '涛', '超', '刚', '斌', '鹏', '华', '强', '林', '峰', '浩', '俊'];
/** City → districts the masters of that city serve. */
const CITIES: Array<[string, string, string[]]> = [
  ['310000', '310100', ['310101', '310104', '310105', '310106', '310107', '310109', '310110', '310112', '310113', '310115', '310117']],
  ['330000', '330100', ['330102', '330105', '330106', '330108', '330109', '330110']],
  ['320000', '320100', ['320102', '320104', '320105', '320106', '320111', '320113']],
  ['440000', '440300', ['440303', '440304', '440305', '440306', '440307']],
  ['110000', '110100', ['110101', '110102', '110105', '110106', '110108']],
  ['510000', '510100', ['510104', '510105', '510106', '510107', '510108']],
];

export async function seedOrderReference(db: DB) {
  if (!(await db.selectFrom('logistics_companies').select('id').limit(1).executeTakeFirst())) {
    await db.insertInto('logistics_companies').values(CARRIERS.map((name, sort) => ({ name, sort }))).execute();
  }
  if (!(await db.selectFrom('surcharge_items').select('id').limit(1).executeTakeFirst())) {
    await db.insertInto('surcharge_items').values(SURCHARGES.map(([service_type, name, price_fen, unit], sort) => ({ service_type, name, price_fen, unit, sort }))).execute();
  }
  if (!(await db.selectFrom('dealer_outlets').select('id').limit(1).executeTakeFirst())) {
    await db.insertInto('dealer_outlets').values(OUTLETS.map(([district_id, name, phone, address]) => ({ district_id, name, phone, address }))).execute();
  }
  if (!(await db.selectFrom('masters').select('id').limit(1).executeTakeFirst())) {
    const now = nowIso();
    const rows = Array.from({ length: 30 }, (_, i) => {
      const [province_code, city_code, districts] = CITIES[i % CITIES.length]!;
      const served = districts.filter((_, j) => (j + i) % 2 === 0 || j === i % districts.length);
      const skills = [[1, 2, 3, 4], [1, 3], [2, 4, 5], [1, 2], [1, 2, 3, 4, 5]][i % 5]!;
      return {
        name: `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 7) % GIVEN.length]}`,
        phone: `1${[3, 5, 7, 8, 9][i % 5]}${String(600000000 + i * 7919137).slice(0, 9)}`,
        province_code,
        city_code,
        district_codes: served.join(','),
        skills: skills.join(','),
        rating: 42 + ((i * 3) % 9),
        created_at: now,
      };
    });
    await db.insertInto('masters').values(rows).execute();
  }
}
