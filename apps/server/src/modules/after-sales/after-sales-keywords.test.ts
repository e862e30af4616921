import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { createVendor, get, startTestApp, type TestApp } from '../../../test/helper';
import { likePattern } from '../../lib/like';
import { nowIso } from '../../lib/time';
import { createOrder, uniqueSuffix } from './after-sales.fixtures';

// The after-sales list's keyword on both databases (issue #15, decision 140): the case's reasons through
// their own index (SQLite after_sale_grams, PostgreSQL after_sales_keys), the order's number, customer
// name and phone through the orders' keyword index rechecked on those columns. One and two Chinese
// characters, model numbers in any case, % and _ as themselves, only the vendor's cases, and a total
// counted up to ORDER_TOTAL_BOUND.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let other: Awaited<ReturnType<typeof createVendor>>;
const c: Record<string, number> = {};
const orderNo: Record<string, string> = {};
// Each case's searchable text (order number, name, phone, reasons), to pick keywords no other case holds.
const text: Record<string, string> = {};

async function createCase(vendor: { vendorId: number; userId: number }, name: string, o: { realName: string; phone: string; modelName?: string }, reasons: string) {
  const order = await createOrder(t, vendor.vendorId, vendor.userId, o);
  // Written by plain SQL, as any writer would: the triggers keep the index.
  const r = await t.db.insertInto('after_sales').values({
    vendor_id: vendor.vendorId, created_by: vendor.userId, order_id: order.id, type: 2, status: 0, check_status: 0, reasons, description: '测试',
    old_order_id: order.id, created_at: nowIso(),
  } as any).returning('id').executeTakeFirstOrThrow();
  c[name] = r.id;
  orderNo[name] = order.orderNo;
  text[name] = [order.orderNo, o.realName, o.phone, reasons].join(' ');
}

beforeAll(async () => {
  t = await startTestApp({ ORDER_TOTAL_BOUND: '5' });
  v = await createVendor(t);
  other = await createVendor(t);
  await createCase(v, 'wang', { realName: '王建华', phone: '13700000001', modelName: 'XQG100-HBD' }, '空调不制冷，KFR-35GW/BpR3 外机异响');
  await createCase(v, 'li', { realName: '李建国', phone: '13700000002' }, '漏水 Max100%_Pro');
  for (let i = 0; i < 6; i++) await createCase(v, `dense${i}`, { realName: '孙七', phone: `1380000001${i}` }, 'Dense-K7 安装不规范');
  await createCase(other, 'theirs', { realName: '王建华', phone: '13700000009' }, '空调不制冷 100%_');
});
afterAll(async () => t.close());

const list = async (keyword: string, query: Record<string, string | number> = {}, token = v.token) =>
  (await get(t, API.afterSaleList, { token, query: { keyword, pageSize: 50, ...query } })).body;
const found = async (keyword: string, token = v.token) => (await list(keyword, {}, token)).rows.map((r: any) => r.id).sort((a: number, b: number) => a - b);
const ids = (...names: string[]) => names.map((n) => c[n]!).sort((a, b) => a - b);
const dense = Array.from({ length: 6 }, (_, i) => `dense${i}`);

describe('after-sales keywords', () => {
  it('finds one and two Chinese characters in the customer name and the reasons, only in the vendor’s cases', async () => {
    expect(await found('王')).toEqual(ids('wang'));
    expect(await found('建')).toEqual(ids('wang', 'li'));
    expect(await found('建华')).toEqual(ids('wang'));
    expect(await found('冷')).toEqual(ids('wang'));
    expect(await found('制冷')).toEqual(ids('wang'));
    expect(await found('不规范')).toEqual(ids(...dense));
    expect(await found('华建')).toEqual([]);
    expect(await found('王建华', other.token)).toEqual([c.theirs]);
  });

  it('finds model numbers in any case in the reasons, order numbers and phones, but not the order’s product lines', async () => {
    expect(await found('kfr-35gw')).toEqual(ids('wang'));
    expect(await found('KFR-35GW/BPR3')).toEqual(ids('wang'));
    expect(await found('max100')).toEqual(ids('li'));
    expect(await found('xqg100')).toEqual([]);
    const othersThan = (name: string) => Object.entries(text).filter(([n]) => n !== name).map(([, s]) => s);
    expect(await found(uniqueSuffix(orderNo.wang!, othersThan('wang')))).toEqual(ids('wang'));
    expect(await found(orderNo.li!.toLowerCase())).toEqual(ids('li'));
    expect(await found('1370000000')).toEqual(ids('wang', 'li'));
  });

  it('takes % and _ as themselves', async () => {
    expect(await found('%')).toEqual(ids('li'));
    expect(await found('_')).toEqual(ids('li'));
    expect(await found('0%_p')).toEqual(ids('li'));
    expect(await found('Max100_Pro')).toEqual([]);
    expect(await found('1000%')).toEqual([]);
    expect(await found('%', other.token)).toEqual([c.theirs]);
  });

  it('counts up to the bound, answers more as the bound with totalBounded, and still pages past it', async () => {
    const all = await list('dense-k7');
    expect(all).toMatchObject({ code: 200, total: 5, totalBounded: true });
    expect(all.rows).toHaveLength(6);
    const paged = [];
    for (let pageNum = 1; pageNum <= 3; pageNum++) {
      const b = await list('Dense-K7', { pageSize: 2, pageNum });
      expect(b).toMatchObject({ total: 5, totalBounded: true });
      paged.push(...b.rows.map((r: any) => r.id));
    }
    expect(paged).toEqual(all.rows.map((r: any) => r.id));
    expect(await list('孙七', { pageSize: 2 })).toMatchObject({ total: 5, totalBounded: true });
    const few = await list('建');
    expect(few.total).toBe(2);
    expect(few).not.toHaveProperty('totalBounded');
    // Without a keyword the total is exact: 8 cases.
    expect(await list('')).toMatchObject({ total: 8 });
  });

  it('finds exactly what a scan of the same columns with (i)like finds', async () => {
    const pg = t.config.isPostgres;
    const op = sql.raw(pg ? 'ilike' : 'like');
    for (const [vendorId, token] of [[v.vendorId, v.token], [other.vendorId, other.token]] as const) {
      for (const kw of ['王', '建华', 'KFR', 'bPr3', '%', '_', '100%', '7', 'Dense-K', '不制冷', '137', 'xqg', 'GD']) {
        const p = likePattern(kw);
        const scan = await sql<{ id: number }>`select a.id from after_sales a join orders o on o.id = a.order_id where a.vendor_id = ${vendorId}
          and (o.order_no ${op} ${p} escape '\\' or o.real_name ${op} ${p} escape '\\' or o.phone ${op} ${p} escape '\\' or a.reasons ${op} ${p} escape '\\') order by a.id`.execute(t.db);
        expect(await found(kw, token), `${vendorId} ${kw}`).toEqual(scan.rows.map((r) => Number(r.id)));
      }
    }
  });
});
