import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_SALE_MSG, compensationOverPaidMsg, PLATFORM_AFTER_SALE_API } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { createOperator, createVendor, post, startTestApp, type TestApp } from '../../../test/helper';
import { startWorkersServer, type WorkersServer } from '../../../test/spawn-server';
import { balanceOf, ledgerSum } from '../orders/orders.fixtures';
import { createOrder } from './after-sales.fixtures';

// Issue 13 finding 8 (docs/decisions/116): one open case per order, held by the database; the total
// compensated for an order never exceeds what the vendor paid for it, checked under the order's lock
// in the approval's transaction. The fixture orders are paid ¥150 (real_pay_fen 15000).

let t: TestApp;
let vendor: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
const P = { role: 'platform' };

const compensation = (orderId: number, money: number | string) => ({ orderId, type: 1, money, reasons: ['师傅上门损坏客户财物'], description: '安装时磕坏了客户的木地板' });
const apply = (orderId: number, money: number | string) => post(t, API.afterSaleApply, compensation(orderId, money), { token: vendor.token });
const approve = (id: number) => post(t, PLATFORM_AFTER_SALE_API.approve(id), {}, { token: op.token, ...P });
const casesOf = (orderId: number) => t.db.selectFrom('after_sales').select(['id', 'status', 'check_status', 'money_fen']).where('order_id', '=', orderId).orderBy('id').execute();
const compensatedFen = async (orderId: number) => {
  const rows = await t.db.selectFrom('account_records').select('amount_fen').where('order_id', '=', orderId).where('payment_type', '=', 5).execute();
  return rows.reduce((a, r) => a + Number(r.amount_fen), 0);
};

beforeAll(async () => {
  t = await startTestApp();
  vendor = await createVendor(t);
  op = await createOperator(t);
});
afterAll(async () => t.close());

describe('one open case per order', () => {
  it('20 parallel applies for one order open exactly one case; the others are told it is open', async () => {
    const o = await createOrder(t, vendor.vendorId, vendor.userId);
    const results = await Promise.all(Array.from({ length: 20 }, () => apply(o.id, 50)));
    const okCount = results.filter((r) => r.body.code === 200).length;
    expect(okCount).toBe(1);
    for (const r of results.filter((x) => x.body.code !== 200)) {
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(400);
      expect([AFTER_SALE_MSG.alreadyOpen, AFTER_SALE_MSG.notAllowed]).toContain(r.body.msg);
    }
    expect(await casesOf(o.id)).toHaveLength(1);
    const logs = await t.db.selectFrom('order_operate_records').select('id').where('order_id', '=', o.id).execute();
    expect(logs).toHaveLength(1);
  });

  it('holds in the database itself: a second open case of an order cannot be inserted', async () => {
    const o = await createOrder(t, vendor.vendorId, vendor.userId);
    expect((await apply(o.id, 10)).body.code).toBe(200);
    const row = { vendor_id: vendor.vendorId, created_by: vendor.userId, order_id: o.id, old_order_id: o.id, type: 1, status: 0, description: 'x', created_at: new Date().toISOString() };
    await expect(t.db.insertInto('after_sales').values(row).execute()).rejects.toThrow();
    // a closed one may sit beside it
    await t.db.insertInto('after_sales').values({ ...row, status: 3, check_status: 3 }).execute();
    expect(await casesOf(o.id)).toHaveLength(2);
  });
});

describe('the total compensated never exceeds what the vendor paid for the order', () => {
  it('refuses an application beyond what is left, with the amount still possible', async () => {
    const o = await createOrder(t, vendor.vendorId, vendor.userId);
    expect((await apply(o.id, 151)).body).toMatchObject({ code: 400, msg: compensationOverPaidMsg('150.00') });
    const first = await apply(o.id, 100);
    expect(first.body).toMatchObject({ code: 200, msg: MSG.addOk });
    expect((await approve(first.body.data.id)).body.code).toBe(200);
    expect((await apply(o.id, 51)).body).toMatchObject({ code: 400, msg: compensationOverPaidMsg('50.00') });
    const second = await apply(o.id, 50);
    expect(second.body.code).toBe(200);
    expect((await approve(second.body.data.id)).body.code).toBe(200);
    expect((await apply(o.id, 1)).body).toMatchObject({ code: 400, msg: compensationOverPaidMsg('0.00') });
    expect(await compensatedFen(o.id)).toBe(15000);
    expect(await balanceOf(t, vendor.vendorId)).toBe(await ledgerSum(t, vendor.vendorId));
  });

  it('refuses at approval a compensation whose sum with the approved ones exceeds the paid amount, changing nothing', async () => {
    const o = await createOrder(t, vendor.vendorId, vendor.userId);
    const first = await apply(o.id, 100);
    expect((await approve(first.body.data.id)).body.code).toBe(200);
    const second = await apply(o.id, 50);
    expect(second.body.code).toBe(200);
    // What the vendor paid shrinks between the application and the approval (a partial refund of ¥30).
    await t.db.updateTable('orders').set({ real_pay_fen: 12000 }).where('id', '=', o.id).execute();
    const balanceBefore = await balanceOf(t, vendor.vendorId);
    const refused = await approve(second.body.data.id);
    expect(refused.body).toMatchObject({ code: 400, msg: compensationOverPaidMsg('20.00') });
    expect(await balanceOf(t, vendor.vendorId)).toBe(balanceBefore);
    expect(await compensatedFen(o.id)).toBe(10000);
    expect((await casesOf(o.id))[1]).toMatchObject({ status: 0, check_status: 0 });
    expect(await balanceOf(t, vendor.vendorId)).toBe(await ledgerSum(t, vendor.vendorId));
  });

  it('10 parallel approvals of one compensation credit it once', async () => {
    const o = await createOrder(t, vendor.vendorId, vendor.userId);
    const c = await apply(o.id, 80);
    const before = await balanceOf(t, vendor.vendorId);
    const results = await Promise.all(Array.from({ length: 10 }, () => approve(c.body.data.id)));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== 200)) expect(r.body).toMatchObject({ code: 400, msg: AFTER_SALE_MSG.alreadyHandled });
    expect((await balanceOf(t, vendor.vendorId)) - before).toBe(8000);
    expect(await compensatedFen(o.id)).toBe(8000);
    expect(await balanceOf(t, vendor.vendorId)).toBe(await ledgerSum(t, vendor.vendorId));
  });

  it('an unpaid order (nothing paid from the wallet) cannot be compensated', async () => {
    const o = await createOrder(t, vendor.vendorId, vendor.userId);
    await t.db.updateTable('orders').set({ paid_flag: 0, real_pay_fen: 0 }).where('id', '=', o.id).execute();
    expect((await apply(o.id, 1)).body).toMatchObject({ code: 400, msg: compensationOverPaidMsg('0.00') });
    expect(await casesOf(o.id)).toHaveLength(0);
  });
});

describe('with WORKERS=2 (two server processes on one database)', () => {
  let server: WorkersServer;
  beforeAll(async () => {
    server = await startWorkersServer(t);
  }, 60_000);
  afterAll(async () => server?.stop());

  const send = (path: string, body: unknown, token: string, role = 'manufacturer') =>
    server.call('POST', path, body, { token, role }).then((r) => r.body as { code: number; msg: string; data: any });

  it('20 parallel applies open one case, 10 parallel approvals credit it once, and the cap holds', async () => {
    const o = await createOrder(t, vendor.vendorId, vendor.userId);
    const before = await balanceOf(t, vendor.vendorId);
    const applied = await Promise.all(Array.from({ length: 20 }, () => send(API.afterSaleApply, compensation(o.id, 120), vendor.token)));
    expect(applied.filter((r) => r.code !== 200 && r.code !== 400)).toEqual([]);
    const winners = applied.filter((r) => r.code === 200);
    expect(winners).toHaveLength(1);
    expect(await casesOf(o.id)).toHaveLength(1);
    const approvals = await Promise.all(Array.from({ length: 10 }, () => send(PLATFORM_AFTER_SALE_API.approve(winners[0]!.data.id), {}, op.token, 'platform')));
    expect(approvals.filter((r) => r.code === 200)).toHaveLength(1);
    expect((await balanceOf(t, vendor.vendorId)) - before).toBe(12000);
    // ¥30 left of ¥150: 20 parallel applies for ¥40 are all refused with the amount still possible
    const over = await Promise.all(Array.from({ length: 20 }, () => send(API.afterSaleApply, compensation(o.id, 40), vendor.token)));
    for (const r of over) expect(r).toMatchObject({ code: 400, msg: compensationOverPaidMsg('30.00') });
    expect(await compensatedFen(o.id)).toBe(12000);
    expect(await balanceOf(t, vendor.vendorId)).toBe(await ledgerSum(t, vendor.vendorId));
  }, 60_000);
});
