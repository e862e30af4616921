import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_SALE_MSG, followUpNotCancellableMsg, PLATFORM_AFTER_SALE_API } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { createOperator, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { createOrder } from './after-sales.fixtures';

// Decision 281: the free re-dispatch order of an after-sales case is the case's, not the merchant's to cancel,
// and the console cannot run a case whose re-dispatch order is cancelled to 新师傅已接单 / 售后完成.

let t: TestApp;
let op: Awaited<ReturnType<typeof createOperator>>;
const P = { role: 'platform' };

beforeAll(async () => {
  t = await startTestApp();
  op = await createOperator(t);
});
afterAll(async () => t.close());

const orderState = async (id: number) => t.db.selectFrom('orders').select(['status', 'node']).where('id', '=', id).executeTakeFirstOrThrow();
const caseState = async (id: number) => t.db.selectFrom('after_sales').select(['status', 'processing_status']).where('id', '=', id).executeTakeFirstOrThrow();

/** A completed order of `v`, an after-sales case on it, approved as 原师傅已取消，重新派单: the case and its new order. */
async function redispatched(v: Awaited<ReturnType<typeof createVendor>>) {
  const o = await createOrder(t, v.vendorId, v.userId);
  const body = { orderId: o.id, type: 2, reasons: '安装后产品无法正常使用', description: '空调不制冷，需要师傅再次上门' };
  const caseId = (await post(t, API.afterSaleApply, body, { token: v.token })).body.data.id as number;
  expect((await post(t, PLATFORM_AFTER_SALE_API.approve(caseId), { processingStatus: 0 }, { token: op.token, ...P })).body.code).toBe(200);
  const newOrderId = (await t.db.selectFrom('after_sales').select('new_order_id').where('id', '=', caseId).executeTakeFirstOrThrow()).new_order_id!;
  return { original: o, caseId, newOrderId };
}

const cancel = (token: string, ids: number[]) => post(t, API.orderCancel, { ids, closeRemark: '不需要了' }, { token });
const listed = async (token: string) => {
  const r = await get(t, API.orderList, { token, query: { pageNum: 1, pageSize: 50 } });
  return new Map((r.body.rows as Array<{ id: number; statusInfo: { isCancell: boolean } }>).map((row) => [row.id, row.statusInfo.isCancell]));
};

describe('the merchant and the re-dispatch order of an open case', () => {
  it('refuses its cancel (alone or in a batch) and offers no 取消订单 for it; ordinary orders cancel as before', async () => {
    const v = await createVendor(t);
    const { caseId, newOrderId } = await redispatched(v);
    const newNo = (await t.db.selectFrom('orders').select('order_no').where('id', '=', newOrderId).executeTakeFirstOrThrow()).order_no;
    const ordinary = await createOrder(t, v.vendorId, v.userId, { status: 200, node: 210 });

    expect((await listed(v.token)).get(newOrderId)).toBe(false);
    expect((await listed(v.token)).get(ordinary.id)).toBe(true);
    expect((await get(t, API.order(newOrderId), { token: v.token })).body.data.statusInfo.isCancell).toBe(false);
    expect((await get(t, API.order(ordinary.id), { token: v.token })).body.data.statusInfo.isCancell).toBe(true);

    expect((await cancel(v.token, [newOrderId])).body).toMatchObject({ code: 400, msg: followUpNotCancellableMsg(newNo) });
    // All or none: the ordinary order of the same batch stays.
    expect((await cancel(v.token, [ordinary.id, newOrderId])).body).toMatchObject({ code: 400, msg: followUpNotCancellableMsg(newNo) });
    expect(await orderState(newOrderId)).toEqual({ status: 200, node: 210 });
    expect(await orderState(ordinary.id)).toEqual({ status: 200, node: 210 });
    expect(await caseState(caseId)).toEqual({ status: 1, processing_status: 0 });

    expect((await cancel(v.token, [ordinary.id])).body).toMatchObject({ code: 200, msg: MSG.cancelOk });
    expect(await orderState(ordinary.id)).toEqual({ status: 800, node: 810 });
  });

  it('gives the order back to the merchant once the case is finished', async () => {
    const v = await createVendor(t);
    const { caseId, newOrderId } = await redispatched(v);
    expect((await post(t, PLATFORM_AFTER_SALE_API.complete(caseId), {}, { token: op.token, ...P })).body.code).toBe(200);
    expect((await listed(v.token)).get(newOrderId)).toBe(true);
    expect((await cancel(v.token, [newOrderId])).body.code).toBe(200);
    expect(await orderState(newOrderId)).toEqual({ status: 800, node: 810 });
  });

  it('leaves the case and its original order alone when only the original was asked for', async () => {
    const v = await createVendor(t);
    const { original } = await redispatched(v);
    // The original order is in 售后 (900): not cancellable, as before decision 281.
    expect((await cancel(v.token, [original.id])).body.code).toBe(400);
    expect(await orderState(original.id)).toEqual({ status: 900, node: 920 });
  });
});

describe('the console and a case whose re-dispatch order is cancelled', () => {
  it('refuses 新师傅已接单 and 售后完成, and the case detail shows the new order cancelled', async () => {
    const v = await createVendor(t);
    const { original, caseId, newOrderId } = await redispatched(v);
    // Cancelled before decision 281, when the merchant could.
    await t.db.updateTable('orders').set({ status: 800, node: 810 }).where('id', '=', newOrderId).execute();

    const d = await get(t, PLATFORM_AFTER_SALE_API.detail(caseId), { token: op.token, ...P });
    expect(d.body.data).toMatchObject({ newOrderId, newOrderStatus: 800, newOrderStatusName: '已取消', statusTip: '重新派单的工单已取消' });
    expect((await get(t, API.afterSale(caseId), { token: v.token })).body.data).toMatchObject({ newOrderStatus: 800, statusTip: '重新派单的工单已取消' });

    expect((await post(t, PLATFORM_AFTER_SALE_API.processing(caseId), {}, { token: op.token, ...P })).body).toMatchObject({ code: 400, msg: AFTER_SALE_MSG.newOrderCancelled });
    expect((await post(t, PLATFORM_AFTER_SALE_API.complete(caseId), { remark: '已处理' }, { token: op.token, ...P })).body).toMatchObject({ code: 400, msg: AFTER_SALE_MSG.newOrderCancelled });
    expect(await caseState(caseId)).toEqual({ status: 1, processing_status: 0 });
    expect(await orderState(original.id)).toEqual({ status: 900, node: 920 });
  });

  it('answers the live new order’s status, and still runs a case without a new order to completion', async () => {
    const v = await createVendor(t);
    const { caseId } = await redispatched(v);
    expect((await get(t, PLATFORM_AFTER_SALE_API.detail(caseId), { token: op.token, ...P })).body.data).toMatchObject({ newOrderStatus: 200, newOrderStatusName: '待接单', statusTip: '师傅已取消，重新派单中' });

    const o = await createOrder(t, v.vendorId, v.userId);
    const body = { orderId: o.id, type: 2, reasons: '安装后产品无法正常使用', description: '原师傅再次上门' };
    const id = (await post(t, API.afterSaleApply, body, { token: v.token })).body.data.id as number;
    expect((await post(t, PLATFORM_AFTER_SALE_API.approve(id), { processingStatus: 1 }, { token: op.token, ...P })).body.code).toBe(200);
    expect((await get(t, PLATFORM_AFTER_SALE_API.detail(id), { token: op.token, ...P })).body.data).toMatchObject({ newOrderId: null, newOrderStatus: null, newOrderStatusName: '' });
    expect((await post(t, PLATFORM_AFTER_SALE_API.complete(id), {}, { token: op.token, ...P })).body.code).toBe(200);
    expect(await orderState(o.id)).toEqual({ status: 700, node: 940 });
  });
});
