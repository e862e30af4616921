import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PAYMENT_TYPE } from '@portal/domain/enums';
import { REVIEW_MSG } from '@portal/domain/order-transitions';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { createOperator, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { SAMPLE, upload } from '../../../test/upload';
import { addOrder, balanceOf, createProduct, fund, ledgerSum } from './orders.fixtures';

// Console finding 1 (decision 277): one 好评推广 charge and one 返件 per order, whatever node a 返件 left,
// and a waiting praise keeps its review.

let t: TestApp;
let op: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await startTestApp();
  op = await createOperator(t);
});
afterAll(async () => t.close());

type Vendor = Awaited<ReturnType<typeof createVendor>>;
const act = (id: number, action: string, body: Record<string, unknown> = {}) => post(t, PLATFORM_ORDER_API.action(id, action as any), body, { token: op.token, role: 'platform' });
const opPic = async () => (await upload(t, op.token, { name: 'p.png', content: SAMPLE.png }, 'order', { platform: true })).body.data!.fileUrl;
const detail = async (w: Vendor, id: number) => (await get(t, API.order(id), { token: w.token })).body.data;
const consoleDetail = async (id: number) => (await get(t, PLATFORM_ORDER_API.detail(id), { token: op.token, role: 'platform' })).body.data;
const praise = async (id: number) => act(id, 'requestPraise', { pictures: [{ fileUrl: await opPic() }] });
const ret = (id: number, no = 'ZT100') => act(id, 'requestReturn', { expressCompanyName: '中通快递', expressNumber: no, expressFee: '12', paymentType: 0 });
const auditPraise = (w: Vendor, id: number, audit = 1) => get(t, API.praiseAudit, { token: w.token, query: { orderId: id, audit, ...(audit === 2 ? { reason: '截图不清晰' } : {}) } });
const auditReturn = (w: Vendor, id: number) => post(t, API.returnAudit, {}, { token: w.token, query: { orderId: id, audit: 1 } });
const charges = async (orderId: number, type: number) =>
  (await t.db.selectFrom('account_records').select('amount_fen').where('order_id', '=', orderId).where('payment_type', '=', type).execute()).map((r) => Number(r.amount_fen));

/** A paid in-warranty order with 好评推广 ¥5 and 返还配件, walked by the console to 待验收 (600/560). */
async function completedOrder() {
  const w = await createVendor(t);
  const prod = await createProduct(t, w.vendorId, w.userId);
  await fund(t, w.vendorId, 100000);
  const id = await addOrder(t, w.token, [prod], { returnParts: '1', praiseFlag: '1', praisePrice: '5' });
  expect((await post(t, API.orderPay(id), {}, { token: w.token })).body.code).toBe(200);
  const master = (await get(t, PLATFORM_ORDER_API.masters, { token: op.token, role: 'platform', query: { cityCode: '310100' } })).body.data[0];
  for (const [action, body] of [
    ['dispatch', { masterId: master.id }],
    ['accept', {}],
    ['appointment', { doorTime: '2099-01-01 15:30:00' }],
    ['checkIn', {}],
    ['requestCompletion', { pictures: [{ fileUrl: await opPic() }], visitOverride: '客户不在场' }],
  ] as const) {
    expect((await act(id, action, body)).body, action).toMatchObject({ code: 200 });
  }
  return { w, id };
}

describe('好评推广 and 返件 once per order (decision 277)', () => {
  it('approved praise, then a return: the praise is not offered or accepted again, one charge', async () => {
    const { w, id } = await completedOrder();
    expect((await praise(id)).body.code).toBe(200);
    expect((await auditPraise(w, id)).body.code).toBe(200);
    expect((await detail(w, id)).node).toBe(670);
    expect((await ret(id)).body.code).toBe(200);
    expect((await detail(w, id)).statusInfo).toMatchObject({ isFanJian: true, isPromotePositive: false });
    expect((await auditReturn(w, id)).body.code).toBe(200);
    expect((await detail(w, id))).toMatchObject({ status: 600, node: 640 });
    // the console reads where the praise and return stand, so it offers neither again
    expect(await consoleDetail(id)).toMatchObject({ praiseState: 2, returnState: 2 });
    expect((await praise(id)).body).toMatchObject({ code: 400, msg: REVIEW_MSG.praiseApproved });
    expect((await ret(id, 'ZT101')).body).toMatchObject({ code: 400, msg: REVIEW_MSG.returnApproved });
    expect((await get(t, API.praiseInfo(id), { token: w.token })).body.data).toMatchObject({ checkStatus: 1 });
    expect(await charges(id, PAYMENT_TYPE.praisePromotion)).toEqual([-500]);
    expect(await charges(id, PAYMENT_TYPE.returnCourierFee)).toEqual([-1200]);
    expect((await post(t, API.orderConfirmation(id), {}, { token: w.token })).body.code).toBe(200);
    expect(await balanceOf(t, w.vendorId)).toBe(await ledgerSum(t, w.vendorId));
  });

  it('a return while a praise waits is refused; the praise keeps its review and completion waits for it', async () => {
    const { w, id } = await completedOrder();
    expect((await praise(id)).body.code).toBe(200);
    expect((await ret(id)).body).toMatchObject({ code: 400, msg: REVIEW_MSG.returnWhilePraisePending });
    expect((await detail(w, id))).toMatchObject({ status: 600, node: 650, statusInfo: { isPromotePositive: true, isFanJian: false } });
    expect((await post(t, API.orderConfirmation(id), {}, { token: w.token })).body).toMatchObject({ code: 400, msg: REVIEW_MSG.completeWhilePraisePending });
    expect((await act(id, 'complete')).body).toMatchObject({ code: 400, msg: REVIEW_MSG.completeWhilePraisePending });
    // rejected: a new screenshot may follow, and the return is due meanwhile
    expect((await auditPraise(w, id, 2)).body.code).toBe(200);
    expect((await detail(w, id)).statusInfo.isPromotePositive).toBe(false);
    expect((await ret(id)).body.code).toBe(200);
    expect((await auditReturn(w, id)).body.code).toBe(200);
    expect((await praise(id)).body.code).toBe(200);
    expect((await detail(w, id)).statusInfo.isPromotePositive).toBe(true);
    expect((await auditPraise(w, id)).body.code).toBe(200);
    expect(await charges(id, PAYMENT_TYPE.praisePromotion)).toEqual([-500]);
  });

  it('parallel submissions and approvals charge once', async () => {
    const { w, id } = await completedOrder();
    // a praise and a return at once: whichever comes first, the other is refused
    const first = await Promise.all([praise(id), ret(id)]);
    expect(first.map((r) => r.body.code).sort()).toEqual([200, 400]);
    const praised = first[0].body.code === 200;
    if (!praised) {
      expect((await auditReturn(w, id)).body.code).toBe(200);
      expect((await praise(id)).body.code).toBe(200);
    }
    const approvals = await Promise.all([auditPraise(w, id), auditPraise(w, id), auditPraise(w, id)]);
    expect(approvals.filter((r) => r.body.code === 200)).toHaveLength(1);
    if (praised) expect((await ret(id)).body.code).toBe(200);
    else expect((await detail(w, id)).node).toBe(670);
    if (praised) {
      const returns = await Promise.all([auditReturn(w, id), auditReturn(w, id)]);
      expect(returns.filter((r) => r.body.code === 200)).toHaveLength(1);
    }
    // after both were approved: double clicks on either are refused every time
    const again = await Promise.all([praise(id), praise(id), ret(id, 'ZT2'), ret(id, 'ZT3')]);
    expect(again.map((r) => r.body.code)).toEqual([400, 400, 400, 400]);
    expect(await charges(id, PAYMENT_TYPE.praisePromotion)).toEqual([-500]);
    expect(await charges(id, PAYMENT_TYPE.returnCourierFee)).toEqual([-1200]);
    expect(await t.db.selectFrom('praise_records').select('id').where('order_id', '=', id).execute()).toHaveLength(1);
    expect(await balanceOf(t, w.vendorId)).toBe(await ledgerSum(t, w.vendorId));
  });

  it('a praise a return overtook before the fix is still reviewed, once, where the order stands', async () => {
    const { w, id } = await completedOrder();
    expect((await praise(id)).body.code).toBe(200);
    // what a 返件 did to a waiting praise before decision 277: the node moved on, the praise still waits
    await t.db.updateTable('orders').set({ status: 600, node: 640, return_state: 2 }).where('id', '=', id).execute();
    expect((await detail(w, id)).statusInfo).toMatchObject({ isPromotePositive: true, isCompletionConfirmation: true });
    expect((await post(t, API.orderConfirmation(id), {}, { token: w.token })).body).toMatchObject({ code: 400, msg: REVIEW_MSG.completeWhilePraisePending });
    expect((await auditPraise(w, id)).body.code).toBe(200);
    expect((await detail(w, id))).toMatchObject({ status: 600, node: 640, statusInfo: { isPromotePositive: false } });
    expect(await charges(id, PAYMENT_TYPE.praisePromotion)).toEqual([-500]);
    expect((await praise(id)).body).toMatchObject({ code: 400, msg: REVIEW_MSG.praiseApproved });
    expect((await post(t, API.orderConfirmation(id), {}, { token: w.token })).body.code).toBe(200);
  });
});
