import type { DB } from '../database';

/** Reason options per type (1 compensation, 2 after-sales), shown in the apply dialog. */
export const AFTER_SALE_REASONS: Record<1 | 2, string[]> = {
  1: [
    '师傅上门损坏客户财物',
    '师傅安装导致产品损坏',
    '师傅未按约定时间上门',
    '师傅服务态度差被客户投诉',
    '师傅私自向客户收费',
    '安装不规范导致返工费用',
    // an order whose stage went past its SLA (issue 19): the apply dialog offers it for such an order
    '平台服务超时（未在时效内完成）',
    '其他赔偿原因',
  ],
  2: [
    '安装后产品无法正常使用',
    '安装位置不符合要求',
    '管路或线路漏水漏电',
    '安装后出现异响或震动',
    '维修后故障再次出现',
    '配件安装缺失',
    '清洗不彻底',
    '其他售后问题',
  ],
};

/** Reference data: inserted when missing, safe at every start. */
export async function seedAfterSaleReasons(db: DB) {
  const rows = ([1, 2] as const).flatMap((type) => AFTER_SALE_REASONS[type].map((content, sort) => ({ type, content, sort })));
  await db
    .insertInto('after_sale_reasons')
    .values(rows)
    .onConflict((oc) => oc.columns(['type', 'content']).doNothing())
    .execute();
}
