import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { TREND_API, type TrendMonth } from '@portal/domain/statements';
import { createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { addOrder, createProduct, fund } from '../orders/orders.fixtures';
import { monthBounds, monthOf, previousMonth } from '../../lib/months';
import { nowIso } from '../../lib/time';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('GET /api/app/order/trend', () => {
  it('answers the last 12 months with orders paid and spend by service type', async () => {
    const v = await createVendor(t);
    await fund(t, v.vendorId, 10_000_000);
    const productId = await createProduct(t, v.vendorId, v.userId);
    const paid: number[] = [];
    for (const serviceType of [1, 1, 2]) {
      const id = await addOrder(t, v.token, [productId], { serviceType, parole: 1, productList: [{ productId, number: 1, maintenanceType: serviceType === 2 ? 1 : undefined }] });
      expect((await post(t, API.orderPay(id), {}, { token: v.token })).body.code).toBe(200);
      paid.push(id);
    }
    // The repair order was paid last month.
    const last = previousMonth(monthOf(nowIso()));
    const at = new Date(Date.parse(monthBounds(last).start) + 3_600_000).toISOString();
    await t.db.updateTable('account_records').set({ pay_time: at }).where('order_id', '=', paid[2]!).execute();
    const spendOf = async (id: number) => -Number((await t.db.selectFrom('account_records').select('amount_fen').where('order_id', '=', id).executeTakeFirstOrThrow()).amount_fen) / 100;

    const r = await get(t, TREND_API, { token: v.token });
    expect(r.body.code).toBe(200);
    const months = r.body.data as TrendMonth[];
    expect(months).toHaveLength(12);
    expect(months[11]!.month).toBe(monthOf(nowIso()));
    expect(months[10]!.month).toBe(last);
    expect(months[11]).toMatchObject({ orders: 2, spend: (await spendOf(paid[0]!)) + (await spendOf(paid[1]!)) });
    expect(months[11]!.byService).toEqual([{ serviceType: 1, name: '安装', orders: 2, spend: months[11]!.spend }]);
    expect(months[10]!.byService).toEqual([{ serviceType: 2, name: '维修', orders: 1, spend: await spendOf(paid[2]!) }]);
    expect(months.slice(0, 10).every((m) => m.orders === 0 && m.spend === 0)).toBe(true);
  });
});
