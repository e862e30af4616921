import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { ORDER_MSG } from '@portal/domain/orders';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { createOperator, createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { signedFile } from '../../../test/signed-file';
import { SAMPLE, upload } from '../../../test/upload';
import { addOrder, balanceOf, createProduct, fund, ledgerSum, orderPayload, REGION } from './orders.fixtures';

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
let p1: number;
let p2: number;
beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  op = await createOperator(t);
  p1 = await createProduct(t, v.vendorId, v.userId, { model: 'KFR-35GW' });
  p2 = await createProduct(t, v.vendorId, v.userId, { model: 'KFR-72LW', installation: 39900, guideInstallation: 45000 });
});
afterAll(async () => t.close());

const detail = async (id: number, token = v.token) => (await get(t, API.order(id), { token })).body;
const act = (id: number, action: string, body: Record<string, unknown> = {}) => post(t, PLATFORM_ORDER_API.action(id, action as any), body, { token: op.token, role: 'platform' });
/** A picture the console uploaded (the console may attach only its own or the order vendor's files). */
const opPic = async () => (await upload(t, op.token, { name: 'p.png', content: SAMPLE.png }, 'order', { platform: true })).body.data!.fileUrl;

describe('create and price', () => {
  it('prices on the server from the catalogue, never from the browser', async () => {
    const r = await post(t, API.orderAdd, orderPayload([p1, p2], {
      totalPrice: 0.01,
      urgentFlag: '1', urgentType: 1, urgentPrice: '30',
      productList: [
        { productId: p1, number: 2, price: 0.01, omsSurchargeList: [{ name: '高空作业费', price: '50', num: 1 }, { name: '', price: 10, num: 1 }] },
        { productId: p2, number: 1 },
      ],
      logisticsVoList: [{ productId: p2, courierCompany: '顺丰速运', courierNum: 'SF1234567890', phone: '13812345678' }],
    }), { token: v.token });
    expect(r.body).toMatchObject({ code: 200, msg: MSG.submitOk });
    const d = await detail(r.body.data);
    // 100×2 + 399 + 50 surcharge + 30 urgent; the demo discount flags are off for this vendor
    expect(d.data).toMatchObject({ status: 100, node: 110, totalPrice: 679, urgentFlag: '1', urgentName: '加急费', statusInfo: { isPay: true, isCancell: true } });
    expect(d.data.productList.map((l: any) => [l.modelName, l.price, l.number, l.totalPrice])).toEqual([['KFR-35GW', 100, 2, 200], ['KFR-72LW', 399, 1, 399]]);
    expect(d.data.productList[0].omsSurchargeList).toEqual([expect.objectContaining({ name: '高空作业费', price: 50, num: 1 })]);
    expect(d.data.logisticsVoList).toEqual([{ productId: p2, courierCompany: '顺丰速运', courierNum: 'SF1234567890', phone: '13812345678' }]);
    expect(d.data.omsOrderExpenses).toEqual([{ name: '服务费', price: 599, type: 1 }, { name: '高空作业费', price: 50, type: 1 }, { name: '加急费', price: 30, type: 1 }]);
    expect(d.data.omsOperateRecordList[0]).toMatchObject({ node: 110 });
    expect(d.data.progress.steps.map((s: any) => s.state)).toEqual(['finish', 'process', 'wait', 'wait', 'wait', 'wait']);
  });

  it('applies create_order_discount for two in-warranty products without a dealer outlet', async () => {
    const w = await createVendor(t);
    await t.db.updateTable('vendors').set({ order_discount_flag: 1 }).where('id', '=', w.vendorId).execute();
    const a = await createProduct(t, w.vendorId, w.userId);
    const b = await createProduct(t, w.vendorId, w.userId, { installation: 39900 });
    const id = await addOrder(t, w.token, [a, b]);
    expect((await detail(id, w.token)).data).toMatchObject({ totalPrice: 474.05, discountPrice: 24.95 });
    // 徐汇区 has a dealer outlet: no create_order_discount there
    const id2 = await addOrder(t, w.token, [a, b], { districtId: '310104', districtName: '徐汇区' });
    expect((await detail(id2, w.token)).data).toMatchObject({ totalPrice: 499, discountPrice: 0 });
  });

  it('applies the vendor outlet tiers only while its outlet discount switch is on', async () => {
    const w = await createVendor(t);
    await t.db.insertInto('outlet_discounts').values([
      { vendor_id: w.vendorId, full_reduce_amount_fen: 10000, discount_amount_fen: 1000 },
      { vendor_id: w.vendorId, full_reduce_amount_fen: 30000, discount_amount_fen: 5000 },
    ]).execute();
    const a = await createProduct(t, w.vendorId, w.userId);
    const b = await createProduct(t, w.vendorId, w.userId, { installation: 39900 });
    const off = await addOrder(t, w.token, [a, b]);
    expect((await detail(off, w.token)).data).toMatchObject({ totalPrice: 499, discountPrice: 0 });
    await t.db.updateTable('vendors').set({ outlet_discount_flag: 1 }).where('id', '=', w.vendorId).execute();
    // 100 yuan reaches the first tier (−10), 399 the second (−50)
    const on = await addOrder(t, w.token, [a, b]);
    expect((await detail(on, w.token)).data).toMatchObject({ totalPrice: 439, discountPrice: 60 });
  });

  it('skips payment for out-of-warranty orders (guide prices)', async () => {
    const id = await addOrder(t, v.token, [p1], { parole: 2 });
    expect((await detail(id)).data).toMatchObject({ status: 200, totalPrice: 150, statusInfo: { isPay: false, isCancell: true } });
  });

  it.each([
    [{ phone: '' }, MSG.customerPhoneRequired],
    [{ phone: '1391234567x' }, MSG.digitsOnly],
    [{ productList: [{ productId: 1, number: 11 }] }, ORDER_MSG.numberRange],
    [{ remarks: '长'.repeat(401) }, ORDER_MSG.text400],
    [{ urgentFlag: '1', urgentType: 1, urgentPrice: '12.5' }, MSG.positiveInteger],
    [{ praiseFlag: '1', praisePrice: 'abc' }, MSG.positiveInteger],
    [{ logisticsVoList: [{ productId: 1, courierCompany: '中通快递' }] }, MSG.logisticsIncomplete],
    [{ logisticsVoList: [{ productId: 1, courierCompany: '顺丰速运', courierNum: 'SF1' }] }, MSG.logisticsIncomplete],
    [{ doorTime: '2020-01-01 15:30:00' }, ORDER_MSG.doorTimeInvalid],
    [{ districtId: '999999' }, MSG.regionRequired],
    [{ serviceType: 5 }, ORDER_MSG.recycleOutOfWarrantyOnly],
  ])('refuses %o with its message', async (patch, message) => {
    const before = (await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const r = await post(t, API.orderAdd, orderPayload([p1], patch), { token: v.token });
    expect(r.body).toMatchObject({ code: 400, msg: message });
    const after = (await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(Number(after)).toBe(Number(before));
  });

  it('refuses products under review, of another vendor, or a service the product does not offer', async () => {
    const reviewing = await createProduct(t, v.vendorId, v.userId, { check: 0 });
    expect((await post(t, API.orderAdd, orderPayload([reviewing]), { token: v.token })).body).toMatchObject({ code: 400, msg: ORDER_MSG.productUnavailable });
    const w = await createVendor(t);
    const foreign = await createProduct(t, w.vendorId, w.userId);
    expect((await post(t, API.orderAdd, orderPayload([foreign]), { token: v.token })).body).toMatchObject({ code: 400, msg: ORDER_MSG.productUnavailable });
    const noInstall = await createProduct(t, v.vendorId, v.userId, { installation: null });
    expect((await post(t, API.orderAdd, orderPayload([noInstall]), { token: v.token })).body).toMatchObject({ code: 400, msg: ORDER_MSG.serviceUnavailable });
  });
});

describe('pay', () => {
  it('refuses with too little balance and changes nothing', async () => {
    const w = await createVendor(t);
    const prod = await createProduct(t, w.vendorId, w.userId);
    await fund(t, w.vendorId, 5000);
    const id = await addOrder(t, w.token, [prod]);
    const r = await post(t, API.orderPay(id), {}, { token: w.token });
    expect(r.body).toMatchObject({ code: 400, msg: '余额不足，请先充值' });
    expect((await detail(id, w.token)).data.status).toBe(100);
    expect(await balanceOf(t, w.vendorId)).toBe(5000);
    expect(await t.db.selectFrom('account_records').select('id').where('order_id', '=', id).execute()).toHaveLength(0);
  });

  it('charges once when paid twice or concurrently', async () => {
    const w = await createVendor(t);
    const prod = await createProduct(t, w.vendorId, w.userId);
    await fund(t, w.vendorId, 100000);
    const id = await addOrder(t, w.token, [prod]);
    const results = await Promise.all(Array.from({ length: 6 }, () => post(t, API.orderPay(id), {}, { token: w.token })));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 400)).toHaveLength(5);
    const again = await post(t, API.orderPay(id), {}, { token: w.token });
    expect(again.body.code).toBe(400);
    expect(await balanceOf(t, w.vendorId)).toBe(90000);
    expect(await ledgerSum(t, w.vendorId)).toBe(90000);
    const rec = await t.db.selectFrom('account_records').selectAll().where('order_id', '=', id).execute();
    expect(rec).toHaveLength(1);
    expect(rec[0]).toMatchObject({ payment_type: 1, amount_fen: -10000 });
    expect((await detail(id, w.token)).data).toMatchObject({ status: 200, node: 210, paidFlag: 1, realPayPrice: 100 });
  });

  it('refuses the losers of 20 concurrent payments with the state the winner left, never the unpaid one they read', async () => {
    const w = await createVendor(t);
    const prod = await createProduct(t, w.vendorId, w.userId);
    await fund(t, w.vendorId, 100000);
    const id = await addOrder(t, w.token, [prod]);
    const results = await Promise.all(Array.from({ length: 20 }, () => post(t, API.orderPay(id), {}, { token: w.token })));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    const refusals = results.filter((r) => r.body.code !== 200).map((r) => r.body.msg as string);
    expect(refusals).toHaveLength(19);
    // "当前订单状态为待付款（订单创建），不能支付" would contradict itself: the order was paid by then.
    expect(refusals.filter((m) => m.includes('待付款'))).toEqual([]);
    expect(await balanceOf(t, w.vendorId)).toBe(90000);
  });

  it('refuses paying a cancelled, refunded order as cancelled, not as already paid', async () => {
    const w = await createVendor(t);
    const prod = await createProduct(t, w.vendorId, w.userId);
    await fund(t, w.vendorId, 50000);
    const id = await addOrder(t, w.token, [prod]);
    await post(t, API.orderPay(id), {}, { token: w.token });
    expect((await post(t, API.orderCancel, { ids: [id], closeRemark: '客户改期' }, { token: w.token })).body.code).toBe(200);
    const again = await post(t, API.orderPay(id), {}, { token: w.token });
    expect(again.body.code).toBe(400);
    expect(again.body.msg).toMatch(/^当前订单状态为已取消.*不能支付$/);
    expect(await balanceOf(t, w.vendorId)).toBe(50000);
  });

  it('cancels a paid order with a refund (type 7) and refuses cancelling after the master accepted', async () => {
    const w = await createVendor(t);
    const prod = await createProduct(t, w.vendorId, w.userId);
    await fund(t, w.vendorId, 50000);
    const id = await addOrder(t, w.token, [prod]);
    await post(t, API.orderPay(id), {}, { token: w.token });
    expect((await post(t, API.orderCancel, { ids: [id], closeRemark: '' }, { token: w.token })).body).toMatchObject({ code: 400, msg: MSG.contentRequired });
    expect((await post(t, API.orderCancel, { ids: [], closeRemark: 'x' }, { token: w.token })).body).toMatchObject({ code: 400, msg: MSG.selectOrdersToCancel });
    const r = await post(t, API.orderCancel, { ids: [id], closeRemark: '客户改期' }, { token: w.token });
    expect(r.body).toMatchObject({ code: 200, msg: MSG.cancelOk });
    expect(await balanceOf(t, w.vendorId)).toBe(50000);
    expect(await ledgerSum(t, w.vendorId)).toBe(50000);
    expect((await detail(id, w.token)).data).toMatchObject({ status: 800, node: 810, closeRemark: '客户改期' });
    const id2 = await addOrder(t, w.token, [prod]);
    await post(t, API.orderPay(id2), {}, { token: w.token });
    const m = (await get(t, PLATFORM_ORDER_API.masters, { token: op.token, role: 'platform' })).body.data[0];
    expect((await act(id2, 'dispatch', { masterId: m.id })).body.code).toBe(200);
    expect((await act(id2, 'accept')).body.code).toBe(200);
    expect((await post(t, API.orderCancel, { ids: [id2], closeRemark: '不要了' }, { token: w.token })).body.code).toBe(400);
  });

  it('charges an urgent fee added after payment from the balance (type 11)', async () => {
    const w = await createVendor(t);
    const prod = await createProduct(t, w.vendorId, w.userId);
    await fund(t, w.vendorId, 20000);
    const id = await addOrder(t, w.token, [prod]);
    await post(t, API.orderPay(id), {}, { token: w.token });
    expect((await post(t, API.orderUrgent, { orderId: id, urgentType: 1 }, { token: w.token })).body).toMatchObject({ code: 400, msg: MSG.feeRequired });
    const r = await post(t, API.orderUrgent, { orderId: id, urgentPrice: '20', urgentType: 2, urgentName: '别的' }, { token: w.token });
    expect(r.body).toMatchObject({ code: 200, msg: MSG.modifyOk });
    expect(await balanceOf(t, w.vendorId)).toBe(8000);
    expect((await detail(id, w.token)).data).toMatchObject({ urgentFlag: '1', urgentType: 2, urgentPrice: 20, totalPrice: 120, realPayPrice: 120, statusInfo: { isUrgent: false } });
    expect((await post(t, API.orderUrgent, { orderId: id, urgentPrice: '20', urgentType: 2 }, { token: w.token })).body.code).toBe(400);
    expect(await balanceOf(t, w.vendorId)).toBe(8000);
  });
});

describe('orders that move', () => {
  it('walks an order through every node with the vendor seeing each status', async () => {
    const w = await createVendor(t);
    const prod = await createProduct(t, w.vendorId, w.userId);
    await fund(t, w.vendorId, 100000);
    const id = await addOrder(t, w.token, [prod], { returnParts: '1', praiseFlag: '1', praisePrice: '10' });
    await post(t, API.orderPay(id), {}, { token: w.token });
    const seen: Array<[number, number]> = [];
    const step = async (action: string, body: Record<string, unknown> = {}) => {
      const r = await act(id, action, body);
      expect(r.body, action).toMatchObject({ code: 200 });
      const d = (await detail(id, w.token)).data;
      seen.push([d.status, d.node]);
      return d;
    };
    // illegal: an appointment before a master accepted
    expect((await act(id, 'appointment', { doorTime: '2099-01-01 15:30:00' })).body.code).toBe(400);
    const masters = (await get(t, PLATFORM_ORDER_API.masters, { token: op.token, role: 'platform', query: { cityCode: '310100' } })).body.data;
    expect(masters.length).toBeGreaterThan(0);
    await step('dispatch', { masterId: masters[0].id });
    await step('accept');
    await step('appointment', { doorTime: '2099-01-01 15:30:00' });
    await step('changeTime', { doorTime: '2099-01-02 10:00:00', remarks: '客户改约' });
    await step('checkIn');
    await step('submitMaterials', { remarks: '安装支架一套', pictures: [{ fileUrl: await opPic() }] });
    await step('requestParts', { applyAccessories: '遥控器一个' });
    const material = (await get(t, API.applicationLast(id), { token: w.token })).body.data;
    expect((await detail(id, w.token)).data.statusInfo.isApprovalAccessories).toBe(true);
    expect((await post(t, API.submissionAdd, { orderId: id, materialSubmissionId: material.id, company: '顺丰速运', trackingNum: 'SF9' }, { token: w.token })).body.code).toBe(400);
    expect((await post(t, API.submissionAdd, { orderId: id, materialSubmissionId: material.id, company: '顺丰速运', trackingNum: 'SF9', phone: '13912345678' }, { token: w.token })).body).toMatchObject({ code: 200, msg: MSG.submitOk });
    expect((await post(t, API.submissionAdd, { orderId: id, materialSubmissionId: material.id, company: '中通快递', trackingNum: 'ZT1' }, { token: w.token })).body.code).toBe(400);
    await step('partsArrived');
    const lineId = (await detail(id, w.token)).data.productList[0].id;
    const done = await opPic();
    await step('requestCompletion', { pictures: [{ fileUrl: done, orderProductId: lineId }], visitOverride: '客户不在场' });
    await step('requestReturn', { expressCompanyName: '中通快递', expressNumber: 'ZT100', expressFee: '12', paymentType: 0 });
    expect((await detail(id, w.token)).data.statusInfo.isFanJian).toBe(true);
    expect((await post(t, API.returnAudit, {}, { token: w.token, query: { orderId: id, audit: 2 } })).body).toMatchObject({ code: 400, msg: MSG.contentRequired });
    expect((await post(t, API.returnAudit, {}, { token: w.token, query: { orderId: id, audit: 1 } })).body).toMatchObject({ code: 200, msg: MSG.submitOk });
    expect((await post(t, API.returnAudit, {}, { token: w.token, query: { orderId: id, audit: 1 } })).body.code).toBe(400);
    await step('requestPraise', { pictures: [{ fileUrl: await opPic() }] });
    expect((await detail(id, w.token)).data.statusInfo.isPromotePositive).toBe(true);
    expect((await get(t, API.praiseAudit, { token: w.token, query: { orderId: id, audit: 1 } })).body).toMatchObject({ code: 200 });
    expect((await post(t, API.orderConfirmation(id), {}, { token: w.token })).body).toMatchObject({ code: 200 });
    const d = (await detail(id, w.token)).data;
    expect(d).toMatchObject({ status: 700, node: 710, statusInfo: { isAfterSales: true } });
    expect(d.progress.steps.every((s: any) => s.state === 'finish')).toBe(true);
    expect(seen.map(([s]) => s)).toEqual([200, 300, 400, 400, 500, 500, 510, 500, 600, 650, 600]);
    // 100 paid, 12 return courier fee, 10 praise
    expect(await balanceOf(t, w.vendorId)).toBe(100000 - 10000 - 1200 - 1000);
    expect(await ledgerSum(t, w.vendorId)).toBe(await balanceOf(t, w.vendorId));
    const info = (await get(t, API.detailInformation(id), { token: w.token })).body.data;
    expect(info.omsOrderProductList[0].omsProductCompletionPicList).toEqual([expect.objectContaining({ fileUrl: signedFile(done), fileType: 1 })]);
    const stats = (await get(t, API.orderStatistics, { token: w.token })).body.data;
    expect(stats).toMatchObject({ total: 1, completed: 1 });
    const nodes = d.omsOperateRecordList.map((l: any) => l.node).reverse();
    expect(nodes).toEqual([110, 210, 220, 310, 410, 420, 510, 520, 530, 540, 550, 560, 630, 632, 640, 650, 660, 670, 710]);
  });

  it('takes out-of-warranty payment and recycle paths', async () => {
    const w = await createVendor(t);
    const prod = await createProduct(t, w.vendorId, w.userId);
    const id = await addOrder(t, w.token, [prod], { parole: 2, serviceType: 5 });
    const m = (await get(t, PLATFORM_ORDER_API.masters, { token: op.token, role: 'platform' })).body.data[0];
    await act(id, 'dispatch', { masterId: m.id });
    expect((await act(id, 'accept')).body.code).toBe(400);
    expect((await act(id, 'recycleApply')).body.code).toBe(200);
    expect((await detail(id, w.token)).data.status).toBe(210);
    // A recycling order in progress is in a home tile (待服务), as every live order is.
    const tiles = async () => (await get(t, API.orderStatistics, { token: w.token })).body.data;
    expect(await tiles()).toMatchObject({ total: 1, serviced: 1 });
    await act(id, 'recycleAccept');
    expect((await detail(id, w.token)).data.status).toBe(310);
    expect(await tiles()).toMatchObject({ total: 1, serviced: 1 });
    const o2 = await addOrder(t, w.token, [prod], { parole: 2 });
    await act(o2, 'dispatch', { masterId: m.id });
    await act(o2, 'accept');
    await act(o2, 'appointment', { doorTime: '2099-01-01 15:30:00' });
    await act(o2, 'checkIn');
    expect((await act(o2, 'requestOutWarrantyPay', { fee: '1.5' })).body).toMatchObject({ code: 400, msg: MSG.positiveInteger });
    expect((await act(o2, 'requestOutWarrantyPay', { fee: '80' })).body.code).toBe(200);
    expect((await act(o2, 'requestCompletion', { pictures: [{ fileUrl: await opPic() }], visitOverride: '客户不在场' })).body).toMatchObject({ code: 400, msg: '保外费用尚未支付' });
    expect((await act(o2, 'outWarrantyPaid')).body.code).toBe(200);
    expect((await detail(o2, w.token)).data.node).toBe(572);
  });

  it('shows virtual-taking orders as accepted or working', async () => {
    const w = await createVendor(t);
    const prod = await createProduct(t, w.vendorId, w.userId);
    const id = await addOrder(t, w.token, [prod], { parole: 2 });
    await t.db.updateTable('orders').set({ virtual_taking: 1 }).where('id', '=', id).execute();
    expect((await detail(id, w.token)).data).toMatchObject({ status: 300, node: 310, realStatus: 200 });
    await t.db.updateTable('orders').set({ door_time: new Date().toISOString() }).where('id', '=', id).execute();
    const rows = (await get(t, API.orderList, { token: w.token })).body.rows;
    expect(rows[0]).toMatchObject({ status: 500, node: 510 });
  });
});

describe('list, filters and helpers', () => {
  let w: Awaited<ReturnType<typeof createVendor>>;
  let ids: number[];
  beforeAll(async () => {
    w = await createVendor(t);
    const a = await createProduct(t, w.vendorId, w.userId, { model: '睿享系列X1' });
    const b = await createProduct(t, w.vendorId, w.userId, { model: 'MX-200' });
    ids = [
      await addOrder(t, w.token, [a], { realName: '王小明', phone: '13611112222', remarks: '周末上门' }),
      await addOrder(t, w.token, [b], { parole: 2, realName: '赵丽' }),
      await addOrder(t, w.token, [b], { urgentFlag: '1', urgentType: 1, urgentPrice: 10 }),
    ];
  });
  const list = async (query: Record<string, string | number>) => (await get(t, API.orderList, { token: w.token, query })).body;

  it('filters by keyword, label, status and paging', async () => {
    expect((await list({})).total).toBe(3);
    expect((await list({ keyWords: '睿享' })).rows.map((r: any) => r.id)).toEqual([ids[0]]);
    // A list row is what the card shows (decision 098); the detail has the rest.
    const row = (await list({ keyWords: '睿享' })).rows[0];
    expect(row).toMatchObject({ realName: '王小明', remarks: '周末上门', userInfo: { name: '测试' }, productList: [{ modelName: '睿享系列X1', number: 1, price: 100, totalPrice: 100 }] });
    expect(row).not.toHaveProperty('technicalContacts');
    expect(row.productList[0]).not.toHaveProperty('omsSurchargeList');
    expect((await list({ keyWords: '13611112222' })).rows.map((r: any) => r.id)).toEqual([ids[0]]);
    expect((await list({ keyWords: '周末' })).rows.map((r: any) => r.id)).toEqual([ids[0]]);
    const no = (await detail(ids[1]!, w.token)).data.orderNo;
    expect((await list({ keyWords: no })).rows.map((r: any) => r.id)).toEqual([ids[1]]);
    expect((await list({ label: '保外' })).rows.map((r: any) => r.id)).toEqual([ids[1]]);
    expect((await list({ label: '加急' })).rows.map((r: any) => r.id)).toEqual([ids[2]]);
    expect((await list({ status: 100 })).total).toBe(2);
    expect((await list({ status: -1 })).total).toBe(3);
    expect((await list({ status: '200,300,400,500,600,700,900', node: '530,630' })).total).toBe(1);
    const p = await list({ pageSize: 2, pageNum: 2 });
    expect(p).toMatchObject({ total: 3 });
    expect(p.rows).toHaveLength(1);
    expect(await list({ pageSize: 2, pageNum: 1 })).toMatchObject({ total: 3 });
    expect(await list({ pageSize: 3, pageNum: 1 })).toMatchObject({ total: 3 });
    expect(await list({ pageSize: 2, pageNum: 5 })).toMatchObject({ total: 3, rows: [] });
    expect(await list({ keyWords: '没有这个客户' })).toMatchObject({ total: 0, rows: [] });
    expect((await list({ minCreateTime: '2000-01-01', maxCreateTime: '2000-01-02' })).total).toBe(0);
    // A label or a date filters beyond order_counts: the total of a full page is the filter's own count.
    expect(await list({ label: '保内', pageSize: 1, pageNum: 1 })).toMatchObject({ total: 2, rows: [{ id: ids[2] }] });
    expect(await list({ label: '保内', pageSize: 1, pageNum: 2 })).toMatchObject({ total: 2, rows: [{ id: ids[0] }] });
    expect(await list({ label: '保内', pageSize: 1, pageNum: 3 })).toMatchObject({ total: 2, rows: [] });
    expect(await list({ label: '保内', minCreateTime: '2000-01-01', pageSize: 2 })).toMatchObject({ total: 2 });
    expect(await list({ minCreateTime: '2000-01-01', status: 100, pageSize: 1 })).toMatchObject({ total: 2 });
    expect((await get(t, API.dealtWithOrder, { token: w.token })).body.data).toBe(1);
    expect((await get(t, API.orderStatistics, { token: w.token })).body.data).toMatchObject({ total: 3, obligations: 2, pendingOrder: 1 });
  });

  it('reads a filter again and answers what changed in between', async () => {
    const urgent = (pageNum: number) => list({ label: '加急', pageSize: 1, pageNum });
    const pending = () => list({ status: '200,300,400,500,600,700,900', node: '530,630' });
    for (let i = 0; i < 2; i++) {
      expect(await urgent(1)).toMatchObject({ total: 1, rows: [{ id: ids[2] }] });
      expect((await pending()).total).toBe(1);
    }
    const before = (await t.db.selectFrom('orders').select(['id', 'urgent_flag', 'status']).where('id', '=', ids[0]!).executeTakeFirstOrThrow());
    await t.db.updateTable('orders').set({ urgent_flag: 1, status: 200 }).where('id', '=', ids[0]!).execute();
    try {
      expect(await urgent(1)).toMatchObject({ total: 2, rows: [{ id: ids[2] }] });
      expect(await urgent(2)).toMatchObject({ total: 2, rows: [{ id: ids[0] }] });
      expect(await urgent(3)).toMatchObject({ total: 2, rows: [] });
      const p = await pending();
      expect(p.total).toBe(2);
      expect(p.rows.map((r: any) => r.id)).toContain(ids[0]);
    } finally {
      await t.db.updateTable('orders').set({ urgent_flag: before.urgent_flag, status: before.status }).where('id', '=', ids[0]!).execute();
    }
    expect(await urgent(1)).toMatchObject({ total: 1, rows: [{ id: ids[2] }] });
    expect((await pending()).total).toBe(1);
    // In parallel with changes of the same orders: each answer is one state of them, its rows its total
    // (decision 283). The order moves in and out of the filter while the lists are read.
    for (let round = 0; round < 6; round++) {
      const changes = Promise.all(Array.from({ length: 4 }, (_, i) => t.db.updateTable('orders').set({ status: i % 2 ? before.status : 200 }).where('id', '=', ids[0]!).execute()));
      const seen = await Promise.all(Array.from({ length: 8 }, () => pending()));
      await changes;
      for (const p of seen) expect(p.rows).toHaveLength(p.total);
    }
    await t.db.updateTable('orders').set({ status: 200 }).where('id', '=', ids[0]!).execute();
    expect((await pending()).total).toBe(2);
    await t.db.updateTable('orders').set({ status: before.status }).where('id', '=', ids[0]!).execute();
    expect((await pending()).total).toBe(1);
  });

  it('answers copy text, the phone warning, markers, reminders, contact info and quick orders', async () => {
    const copy = (await get(t, API.orderCopy(ids[0]!), { token: w.token })).body.data;
    expect(copy).toContain('王小明');
    expect(copy).toContain('睿享系列X1');
    const warn = (await get(t, API.orderShowMessage, { token: w.token, query: { phone: '13611112222' } })).body.data;
    expect(warn).toMatchObject({ warn: true });
    expect((await get(t, API.orderShowMessage, { token: w.token, query: { phone: '13600000000' } })).body.data.warn).toBe(false);
    expect((await post(t, API.orderMarker, { orderId: ids[0], markerValue: '重点客户' }, { token: w.token })).body.code).toBe(200);
    expect((await detail(ids[0]!, w.token)).data).toMatchObject({ markerType: 'gray', markerValue: '重点客户' });
    expect((await post(t, API.orderReminder, { orderId: ids[1], reminderContent: '' }, { token: w.token })).body).toMatchObject({ code: 400, msg: MSG.reminderRequired });
    expect((await post(t, API.orderReminder, { orderId: ids[1], reminderContent: '请尽快安排' }, { token: w.token })).body).toMatchObject({ code: 200, msg: MSG.remindOk });
    expect((await post(t, API.orderReminder, { orderId: ids[0], reminderContent: '未付款' }, { token: w.token })).body.code).toBe(400);
    expect((await get(t, API.orderContactInfo, { token: w.token })).body.data).toMatchObject({ contactPhone: w.phone });
    const quick = (await get(t, API.quicklyOrder, { token: w.token, query: { pageSize: 14 } })).body.rows;
    expect(quick[0]).toMatchObject({ modelName: 'MX-200', omsOrder: { serviceType: 1 } });
    expect((await get(t, API.lastOrderProduct, { token: w.token })).body.data).toMatchObject({ modelName: 'MX-200' });
    expect((await get(t, API.fees(ids[2]!), { token: w.token })).body.data).toContainEqual({ name: '加急费', price: 10, type: 1 });
    expect((await get(t, API.companyList, { token: w.token })).body.data.map((c: any) => c.name)).toContain('顺丰速运');
    expect((await get(t, API.serviceList, { token: w.token, query: { serviceType: 1 } })).body.data.length).toBeGreaterThan(0);
    expect((await get(t, API.dealerOutletExists, { token: w.token, query: { districtId: '310104' } })).body.data).toBe(true);
    expect((await get(t, API.receiveOrderAllCount, { token: w.token })).body.data).toBeGreaterThan(3);
  });

  it('modifies customer info with its messages only while status ≤ 400', async () => {
    const base = { orderId: ids[0], realName: '王大明', phone: '13611113333', ...REGION, detailAddress: '七莘路1号' };
    expect((await post(t, API.orderCustomerModify, { ...base, realName: '' }, { token: w.token })).body.msg).toBe(MSG.nameRequired);
    expect((await post(t, API.orderCustomerModify, { ...base, phone: '' }, { token: w.token })).body.msg).toBe(MSG.phoneRequiredShort);
    expect((await post(t, API.orderCustomerModify, { ...base, phone: '1361111333a' }, { token: w.token })).body.msg).toBe(MSG.digitsOnly);
    expect((await post(t, API.orderCustomerModify, { ...base, phone: '136111133' }, { token: w.token })).body.msg).toBe(MSG.phoneLength);
    expect((await post(t, API.orderCustomerModify, { ...base, districtId: '' }, { token: w.token })).body.msg).toBe(MSG.regionRequired);
    expect((await post(t, API.orderCustomerModify, { ...base, detailAddress: '' }, { token: w.token })).body.msg).toBe(MSG.nameRequired);
    expect((await post(t, API.orderCustomerModify, base, { token: w.token })).body).toMatchObject({ code: 200, msg: MSG.modifyOk });
    expect((await detail(ids[0]!, w.token)).data).toMatchObject({ realName: '王大明', phone: '13611113333', detailAddress: '七莘路1号' });
  });

  it('exports the filtered or checked orders as a real xlsx named 工单记录', async () => {
    const r = await post(t, API.orderExport, { listOrderId: [ids[0], ids[1]] }, { token: w.token });
    expect(r.res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(r.res.headers['content-disposition']))).toMatch(/工单记录\d{14}\.xlsx/);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.res.rawPayload as any);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(1).value).toBe('订单编号');
  });

  it('walks every matching order exactly once across export batches', async () => {
    const { orderBatches } = await import('./orders-export');
    const { orderExportBody } = await import('@portal/domain/orders');
    // same created_at for two orders: the cursor must also order by id
    await t.db.updateTable('orders').set({ created_at: '2026-01-01T00:00:00.000Z' }).where('id', 'in', [ids[0]!, ids[1]!]).execute();
    const seen: string[] = [];
    for await (const batch of orderBatches(t.db, w.vendorId, null, orderExportBody.parse({}), t.config.isPostgres, 1)) seen.push(...batch.map((cells) => String(cells[0])));
    const numbers = await Promise.all(ids.map(async (id) => (await detail(id, w.token)).data.orderNo));
    expect(seen.sort()).toEqual(numbers.sort());
  });

  it('recognises an address from pasted text and geocodes to a district', async () => {
    const r = await post(t, API.areaResolution('收货人：张三 手机：13912345678 上海市闵行区莲花南路1500弄'), {}, { token: w.token });
    expect(r.body.data[0]).toMatchObject({ name: '张三', mobile: ['13912345678'], xzq: { provinceCode: '310000', pCode: '310100', code: '310112', district: '闵行区' } });
    expect((await post(t, '/api/common/maintain/area/resolution', {}, { token: w.token })).body).toMatchObject({ code: 400, msg: MSG.addressTextRequired });
    expect((await post(t, API.areaResolution('长'.repeat(401)), {}, { token: w.token })).body).toMatchObject({ code: 400, msg: ORDER_MSG.text400 });
    const long = await post(t, API.areaResolution('联系人：欧阳晓峰，电话 13912345678，地址：浙江省杭州市西湖区文三路259号昌地火炬大厦1号楼12层1201室（请先电话联系）'), {}, { token: w.token });
    expect(long.body.data[0]).toMatchObject({ name: '欧阳晓峰', mobile: ['13912345678'], xzq: { code: '330106' } });
    const g = (await get(t, API.geocode, { token: w.token, query: { address: '莲花南路1500弄3号', area: '闵行区', city: '上海市' } })).body.data;
    expect(g).toMatchObject({ located: true, districtId: '310112' });
    const bad = (await get(t, API.geocode, { token: w.token, query: { address: '不存在的地方', area: '闵行区', city: '北京市' } })).body.data;
    expect(bad.located).toBe(false);
  });
});

describe('tenancy, data scope and permissions', () => {
  it('answers another vendor’s order id exactly like a missing one on every id route', async () => {
    const w = await createVendor(t);
    const prod = await createProduct(t, w.vendorId, w.userId);
    const foreign = await addOrder(t, w.token, [prod]);
    const checks = [
      get(t, API.order(foreign), { token: v.token }),
      post(t, API.orderPay(foreign), {}, { token: v.token }),
      post(t, API.orderCancel, { ids: [foreign], closeRemark: 'x' }, { token: v.token }),
      post(t, API.orderCustomerModify, { orderId: foreign, realName: 'a', phone: '13611112222', ...REGION, detailAddress: 'x' }, { token: v.token }),
      post(t, API.orderUrgent, { orderId: foreign, urgentPrice: 1, urgentType: 1 }, { token: v.token }),
      post(t, API.orderReminder, { orderId: foreign, reminderContent: 'x' }, { token: v.token }),
      post(t, API.orderMarker, { orderId: foreign }, { token: v.token }),
      post(t, API.orderConfirmation(foreign), {}, { token: v.token }),
      get(t, API.orderCopy(foreign), { token: v.token }),
      get(t, API.orderLogistics, { token: v.token, query: { orderId: foreign } }),
      get(t, API.applicationList, { token: v.token, query: { orderId: foreign } }),
      get(t, API.applicationLast(foreign), { token: v.token }),
      get(t, API.detailInformation(foreign), { token: v.token }),
      get(t, API.returnInfo(foreign), { token: v.token }),
      get(t, API.praiseInfo(foreign), { token: v.token }),
      get(t, API.fees(foreign), { token: v.token }),
      get(t, API.surcharge(foreign), { token: v.token }),
      post(t, API.returnAudit, {}, { token: v.token, query: { orderId: foreign, audit: 1 } }),
      get(t, API.praiseAudit, { token: v.token, query: { orderId: foreign, audit: 1 } }),
    ];
    for (const r of await Promise.all(checks)) expect(r.body.code).toBe(404);
    const missing = await get(t, API.order(99999999), { token: v.token });
    expect(missing.body).toEqual((await get(t, API.order(foreign), { token: v.token })).body);
    const exported = await post(t, API.orderExport, { listOrderId: [foreign] }, { token: v.token });
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.res.rawPayload as any);
    expect(wb.worksheets[0]!.rowCount).toBe(1);
  });

  it('shows a sub-account with data scope "own" only its own orders', async () => {
    const w = await createVendor(t);
    const prod = await createProduct(t, w.vendorId, w.userId);
    const mine = await addOrder(t, w.token, [prod]);
    const sub = await createSubAccount(t, w.vendorId, [[11, 0], [12, 1]]);
    const subOrder = await addOrder(t, sub.token, [prod]);
    const rows = (await get(t, API.orderList, { token: sub.token })).body.rows.map((r: any) => r.id);
    expect(rows).toEqual([subOrder]);
    expect((await get(t, API.order(mine), { token: sub.token })).body.code).toBe(404);
    expect((await get(t, API.orderStatistics, { token: sub.token })).body.data.total).toBe(1);
    expect((await get(t, API.orderList, { token: w.token })).body.total).toBe(2);
    const all = await createSubAccount(t, w.vendorId, [[12, 0]]);
    expect((await get(t, API.orderList, { token: all.token })).body.total).toBe(2);
  });

  it('refuses a sub-account without each permission key with 403 没有权限', async () => {
    const w = await createVendor(t);
    const prod = await createProduct(t, w.vendorId, w.userId);
    const id = await addOrder(t, w.token, [prod]);
    const none = await createSubAccount(t, w.vendorId, []);
    const denied = [
      get(t, API.orderList, { token: none.token }),
      get(t, API.order(id), { token: none.token }),
      get(t, API.orderStatistics, { token: none.token }),
      post(t, API.orderAdd, orderPayload([prod]), { token: none.token }),
      post(t, API.orderCancel, { ids: [id], closeRemark: 'x' }, { token: none.token }),
      post(t, API.orderExport, {}, { token: none.token }),
      post(t, API.orderCustomerModify, { orderId: id }, { token: none.token }),
      post(t, API.orderConfirmation(id), {}, { token: none.token }),
      post(t, API.orderUrgent, { orderId: id }, { token: none.token }),
      post(t, API.orderPay(id), {}, { token: none.token }),
      get(t, API.lastOrderProduct, { token: none.token }),
    ];
    for (const r of await Promise.all(denied)) expect(r.body).toMatchObject({ code: 403, msg: MSG.forbidden });
    expect((await get(t, PLATFORM_ORDER_API.list, { token: w.token })).body.code).toBe(403);
  });
});

describe('order counts (decisions 101 and 107)', () => {
  it('give the list its total for statuses and nodes, the pending shortcut included, as counting the rows does', async () => {
    const queries = [{}, { status: '700' }, { status: '200,300' }, { node: '530' }, { status: '500', node: '510' }, { status: '700,700' },
      { status: '200,300,400,500,600,700,900', node: '530,630' }];
    const w = await createVendor(t);
    const prod = await createProduct(t, w.vendorId, w.userId);
    const spread = [[100, 110], [200, 210], [300, 310], [500, 510], [500, 530], [600, 630], [700, 710], [700, 710], [800, 810], [900, 910]];
    for (const [status, node] of spread) {
      const id = await addOrder(t, w.token, [prod]);
      await t.db.updateTable('orders').set({ status: status!, node: node! }).where('id', '=', id).execute();
    }
    let seen = 0;
    for (const query of queries) {
      // pageSize 200 holds every row, so its total is the rows counted; pageSize 1 is full, so its total comes from order_counts.
      const all = (await get(t, API.orderList, { token: w.token, query: { ...query, pageSize: 200 } })).body;
      expect(all.rows.length).toBeLessThan(200);
      expect(all.total).toBe(all.rows.length);
      expect((await get(t, API.orderList, { token: w.token, query: { ...query, pageSize: 1 } })).body.total).toBe(all.total);
      seen += all.total;
    }
    expect(seen).toBe(10 + 2 + 2 + 1 + 1 + 2 + 8);
  });


  it('keep order_counts equal to counting the orders after every flow above, and answer the published count from them', async () => {
    const counted = await t.db.selectFrom('orders').select(['vendor_id', 'created_by', 'status', 'node', (eb) => eb.fn.countAll<number>().as('n')]).groupBy(['vendor_id', 'created_by', 'status', 'node']).execute();
    // Summed per key: on PostgreSQL a key's count is spread over slots (decision 145).
    const kept = (await t.db.selectFrom('order_counts').select(['vendor_id', 'created_by', 'status', 'node', (eb) => eb.fn.sum<number>('n').as('n')]).groupBy(['vendor_id', 'created_by', 'status', 'node']).execute()).filter((r) => Number(r.n) !== 0);
    const key = (r: { vendor_id: number; created_by: number; status: number; node: number; n: number | string }) => `${r.vendor_id}/${r.created_by}/${r.status}/${r.node}=${Number(r.n)}`;
    expect(kept.map(key).sort()).toEqual(counted.map(key).sort());
    expect(new Set(counted.map((r) => r.status)).size).toBeGreaterThan(5);
    const all = counted.reduce((sum, r) => sum + Number(r.n), 0);
    expect((await get(t, API.receiveOrderAllCount, { token: v.token })).body.data).toBe(all);
    // a status change moves one order from one count to another
    const [one] = await t.db.selectFrom('orders').select(['id', 'vendor_id', 'created_by', 'status']).where('status', '=', 100).limit(1).execute();
    await t.db.updateTable('orders').set({ status: 800 }).where('id', '=', one!.id).execute();
    const n = async (status: number) => Number((await t.db.selectFrom('order_counts').select((eb) => eb.fn.sum<number>('n').as('n')).where('vendor_id', '=', one!.vendor_id).where('created_by', '=', one!.created_by).where('status', '=', status).executeTakeFirst())?.n ?? 0);
    const before = (status: number) => counted.filter((r) => r.vendor_id === one!.vendor_id && r.created_by === one!.created_by && r.status === status).reduce((a, r) => a + Number(r.n), 0);
    expect(await n(100)).toBe(before(100) - 1);
    expect(await n(800)).toBe(before(800) + 1);
  });
});
