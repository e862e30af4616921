import type { DB } from '../database';

/** name → second level name → deepest level names. Ids are positional and stable: 1, 101, 10101. */
type Tree = Array<[string, Array<[string, string[]]>]>;

export const CATEGORY_TREE: Tree = [
  ['空调', [
    ['挂机', ['1P', '1.5P', '2P']],
    ['柜机', ['2P', '3P', '5P']],
    ['中央空调', ['风管机', '多联机', '天花机']],
    ['移动空调', ['单冷型', '冷暖型']],
  ]],
  ['热水器', [
    ['电热水器', ['储水式', '即热式', '小厨宝']],
    ['燃气热水器', ['强排式', '平衡式', '零冷水']],
    ['空气能热水器', ['一体机', '分体机']],
    ['太阳能热水器', ['真空管式', '平板式']],
  ]],
  ['净水器', [
    ['厨下净水器', ['RO反渗透', '超滤', '纳滤']],
    ['台式净饮机', ['即热净饮机', '冷热净饮机']],
    ['前置过滤器', ['反冲洗前置', '中央前置']],
    ['软水机', ['中央软水机', '厨下软水机']],
  ]],
  ['油烟机', [
    ['顶吸式', ['欧式', '中式']],
    ['侧吸式', ['近吸式', '翻板式']],
    ['集成灶', ['蒸烤一体', '消毒柜款']],
  ]],
  ['洗衣机', [
    ['滚筒洗衣机', ['洗烘一体', '纯洗', '分区洗']],
    ['波轮洗衣机', ['全自动', '双缸半自动']],
    ['干衣机', ['热泵式', '冷凝式']],
  ]],
  ['智能锁', [
    ['指纹锁', ['推拉式', '直板式']],
    ['人脸识别锁', ['3D结构光', '掌静脉']],
    ['密码锁', ['电子密码锁', '机械密码锁']],
  ]],
  ['卫浴', [
    ['智能马桶', ['一体式', '智能盖板']],
    ['花洒', ['恒温花洒', '普通花洒']],
    ['浴室柜', ['落地式', '悬挂式']],
    ['浴缸', ['普通浴缸', '按摩浴缸']],
  ]],
  ['灯具', [
    ['吸顶灯', ['LED吸顶灯', '智能吸顶灯']],
    ['吊灯', ['水晶吊灯', '现代吊灯']],
    ['筒灯射灯', ['嵌入式筒灯', '明装射灯']],
    ['灯带', ['低压灯带', '高压灯带']],
  ]],
  ['厨房电器', [
    ['燃气灶', ['嵌入式', '台式']],
    ['洗碗机', ['嵌入式', '独立式', '台式']],
    ['消毒柜', ['嵌入式', '立式']],
    ['垃圾处理器', ['家用款']],
  ]],
  ['冰箱', [
    ['多门冰箱', ['十字对开门', '法式多门']],
    ['对开门冰箱', ['风冷无霜', '嵌入式']],
    ['冷柜', ['卧式', '立式']],
  ]],
];

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  type: number;
  level: number;
  sort: number;
}

export function categoryRows(tree: Tree = CATEGORY_TREE): CategoryRow[] {
  const rows: CategoryRow[] = [];
  tree.forEach(([top, seconds], i) => {
    const topId = i + 1;
    rows.push({ id: topId, parent_id: null, name: top, type: 1, level: 1, sort: i });
    seconds.forEach(([second, leaves], j) => {
      const secondId = topId * 100 + j + 1;
      rows.push({ id: secondId, parent_id: topId, name: second, type: 1, level: 2, sort: j });
      leaves.forEach((leaf, k) => rows.push({ id: secondId * 100 + k + 1, parent_id: secondId, name: leaf, type: 1, level: 3, sort: k }));
    });
  });
  return rows;
}

/** The appliance category tree; reference data, safe to run at every start. */
export async function seedCategories(db: DB) {
  const rows = categoryRows();
  for (let i = 0; i < rows.length; i += 200) {
    await db.insertInto('categories').values(rows.slice(i, i + 200)).onConflict((oc) => oc.column('id').doNothing()).execute();
  }
}
