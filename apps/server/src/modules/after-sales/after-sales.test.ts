import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_SALE_MSG, PLATFORM_AFTER_SALE_API } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { createOperator, createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { signedFile } from '../../../test/signed-file';
import { createOrder, uniqueSuffix, uploadedPicture } from './after-sales.fixtures';

let t: TestApp;
let vendor: Awaited<ReturnType<typeof createVendor>>;
let other: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
const P = { role: 'platform' };

const orderState = async (id: number) => t.db.selectFrom('orders').select(['status', 'node']).where('id', '=', id).executeTakeFirstOrThrow();
const balance = async (vendorId: number) => Number((await t.db.selectFrom('vendors').select('balance_fen').where('id', '=', vendorId).executeTakeFirstOrThrow()).balance_fen);
const apply = (token: string, body: Record<string, unknown>) => post(t, API.afterSaleApply, body, { token });
const compensation = (orderId: number, extra: Record<string, unknown> = {}) => ({
  orderId, type: 1, money: 88, reasons: ['师傅上门损坏客户财物'], description: '安装时磕坏了客户的木地板', ...extra,
});
const afterSale = (orderId: number, extra: Record<string, unknown> = {}) => ({
  orderId, type: 2, reasons: '安装后产品无法正常使用', description: '空调不制冷，需要师傅再次上门', ...extra,
});

beforeAll(async () => {
  t = await startTestApp();
  vendor = await createVendor(t);
  other = await createVendor(t);
  op = await createOperator(t);
});
afterAll(async () => t.close());

describe('reason lists', () => {
  it('answers the reasons of each type with their content', async () => {
    const one = await post(t, API.afterSaleReasons(1), {}, { token: vendor.token });
    const two = await post(t, API.afterSaleReasons(2), {}, { token: vendor.token });
    expect(one.body.code).toBe(200);
    expect(one.body.data.length).toBeGreaterThan(3);
    expect(one.body.data.map((r: { content: string }) => r.content)).toContain('师傅上门损坏客户财物');
    expect(two.body.data.map((r: { content: string }) => r.content)).toContain('安装后产品无法正常使用');
    expect(one.body.data.every((r: { type: number }) => r.type === 1)).toBe(true);
    expect((await post(t, API.afterSaleReasons(3), {}, { token: vendor.token })).body.code).toBe(404);
    expect((await post(t, API.afterSaleReasons(1), {})).body.code).toBe(401);
  });
});

describe('apply validation', () => {
  it('answers the spec messages and writes nothing', async () => {
    const o = await createOrder(t, vendor.vendorId, vendor.userId);
    const cases: Array<[Record<string, unknown>, string]> = [
      [compensation(o.id, { money: undefined }), MSG.compensationRequired],
      [compensation(o.id, { money: '' }), MSG.compensationRequired],
      [compensation(o.id, { money: '12.5' }), MSG.positiveInteger],
      [compensation(o.id, { money: 0 }), MSG.positiveInteger],
      [compensation(o.id, { money: -5 }), MSG.positiveInteger],
      [compensation(o.id, { money: 'abc' }), MSG.positiveInteger],
      [compensation(o.id, { description: '' }), MSG.descriptionRequired],
      [compensation(o.id, { description: '   ' }), MSG.descriptionRequired],
      [compensation(o.id, { description: undefined }), MSG.descriptionRequired],
      [compensation(o.id, { description: '长'.repeat(401) }), AFTER_SALE_MSG.text400],
      [compensation(o.id, { type: 3 }), AFTER_SALE_MSG.typeRequired],
      [compensation(o.id, { reasons: [] }), AFTER_SALE_MSG.reasonRequired],
      [compensation(o.id, { reasons: ['安装后产品无法正常使用'] }), AFTER_SALE_MSG.reasonUnknown],
      [compensation(o.id, { voucher: '/afterSale/2026/11/00000000000000000000000000000000.png' }), '文件不存在或无权使用'],
      [compensation(0), AFTER_SALE_MSG.orderRequired],
    ];
    for (const [body, msg] of cases) {
      const r = await apply(vendor.token, body);
      expect(r.status).toBe(200);
      expect(r.body, JSON.stringify(body).slice(0, 80)).toMatchObject({ code: 400 });
      if (msg !== '文件不存在或无权使用') expect(r.body.msg).toBe(msg);
    }
    // type 2 needs no amount, and a money value sent with it is ignored.
    expect((await t.db.selectFrom('after_sales').select('id').where('order_id', '=', o.id).execute()).length).toBe(0);
    expect(await orderState(o.id)).toEqual({ status: 700, node: 710 });
  });

  it('refuses another vendor’s voucher picture', async () => {
    const o = await createOrder(t, vendor.vendorId, vendor.userId);
    const foreign = await uploadedPicture(t, other.vendorId, other.userId);
    const r = await apply(vendor.token, compensation(o.id, { voucher: foreign }));
    expect(r.body.code).toBe(400);
    expect(await orderState(o.id)).toEqual({ status: 700, node: 710 });
  });

  it('allows it only for completed orders, and answers another vendor’s order as missing', async () => {
    const unpaid = await createOrder(t, vendor.vendorId, vendor.userId, { status: 100, node: 110 });
    const r = await apply(vendor.token, compensation(unpaid.id));
    expect(r.body).toMatchObject({ code: 400, msg: AFTER_SALE_MSG.notAllowed });
    const foreign = await createOrder(t, other.vendorId, other.userId);
    const missing = await apply(vendor.token, compensation(999999));
    const theirs = await apply(vendor.token, compensation(foreign.id));
    expect(theirs.body.code).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect(await orderState(foreign.id)).toEqual({ status: 700, node: 710 });
  });
});

describe('compensation flow', () => {
  it('apply → platform approves → the wallet rises by exactly the amount with a type-5 record → order 700/940', async () => {
    const o = await createOrder(t, vendor.vendorId, vendor.userId);
    const voucher = await uploadedPicture(t, vendor.vendorId, vendor.userId);
    const before = await balance(vendor.vendorId);
    const r = await apply(vendor.token, compensation(o.id, { money: '88', voucher: `/files${voucher}` }));
    expect(r.body).toMatchObject({ code: 200, msg: MSG.addOk });
    const id = r.body.data.id as number;
    expect(await orderState(o.id)).toEqual({ status: 900, node: 910 });

    // one open application per order
    const again = await apply(vendor.token, compensation(o.id));
    expect(again.body).toMatchObject({ code: 400, msg: AFTER_SALE_MSG.alreadyOpen });

    const detail = await get(t, API.afterSale(id), { token: vendor.token });
    expect(detail.body.data).toMatchObject({
      id, type: 1, status: 0, checkStatus: 0, money: 88, reasons: '师傅上门损坏客户财物', voucher: signedFile(voucher), orderId: o.id, oldOrder: o.orderNo, newOrder: '', statusTip: '平台审核中，请耐心等待',
    });
    expect(detail.body.data.timeline[0].content).toContain('提交赔偿申请');

    const ok = await post(t, PLATFORM_AFTER_SALE_API.approve(id), {}, { token: op.token, ...P });
    expect(ok.body).toMatchObject({ code: 200 });
    expect((await balance(vendor.vendorId)) - before).toBe(8800);
    const records = await t.db.selectFrom('account_records').selectAll().where('vendor_id', '=', vendor.vendorId).where('payment_type', '=', 5).execute();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ order_id: o.id, order_no: o.orderNo, settled: 1, change_type: 1 });
    expect(Number(records[0]!.amount_fen)).toBe(8800);
    expect(Number(records[0]!.balance_after_fen)).toBe(before + 8800);
    expect(await orderState(o.id)).toEqual({ status: 700, node: 940 });

    const done = await get(t, API.afterSale(id), { token: vendor.token });
    expect(done.body.data).toMatchObject({ status: 2, checkStatus: 1, statusTip: '审核通过，赔偿金额已转入账户余额' });
    expect(done.body.data.checkTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(done.body.data.timeline.length).toBeGreaterThanOrEqual(3);

    // a second decision changes nothing
    const twice = await post(t, PLATFORM_AFTER_SALE_API.approve(id), {}, { token: op.token, ...P });
    expect(twice.body).toMatchObject({ code: 400, msg: AFTER_SALE_MSG.alreadyHandled });
    expect((await balance(vendor.vendorId)) - before).toBe(8800);
    // the order log tells the story
    const logs = await t.db.selectFrom('order_operate_records').select(['node']).where('order_id', '=', o.id).orderBy('id').execute();
    expect(logs.map((l) => l.node)).toEqual([910, 940]);
  });
});

describe('rejection', () => {
  it('needs a reason, closes the case and moves the order back to 700/930', async () => {
    const o = await createOrder(t, vendor.vendorId, vendor.userId);
    const id = (await apply(vendor.token, afterSale(o.id, { money: 50 }))).body.data.id as number;
    const row = await t.db.selectFrom('after_sales').select(['money_fen', 'type']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.money_fen)).toBe(0);
    const noReason = await post(t, PLATFORM_AFTER_SALE_API.reject(id), { reason: ' ' }, { token: op.token, ...P });
    expect(noReason.body).toMatchObject({ code: 400, msg: AFTER_SALE_MSG.rejectReasonRequired });
    const r = await post(t, PLATFORM_AFTER_SALE_API.reject(id), { reason: '照片显示为人为损坏，不在保修范围' }, { token: op.token, ...P });
    expect(r.body).toMatchObject({ code: 200, msg: MSG.rejectedOk });
    expect(await orderState(o.id)).toEqual({ status: 700, node: 930 });
    const d = await get(t, API.afterSale(id), { token: vendor.token });
    expect(d.body.data).toMatchObject({ status: 3, checkStatus: 2, checkReason: '照片显示为人为损坏，不在保修范围' });
    expect(d.body.data.statusTip).toContain('照片显示为人为损坏');
    // a rejected case is not open: the vendor may apply again
    expect((await apply(vendor.token, afterSale(o.id))).body.code).toBe(200);
  });
});

describe('withdrawal', () => {
  it('works only while the platform reviews, and puts the order back to completed', async () => {
    const o = await createOrder(t, vendor.vendorId, vendor.userId);
    const id = (await apply(vendor.token, compensation(o.id))).body.data.id as number;
    const r = await post(t, API.afterSaleCancel(id), {}, { token: vendor.token });
    expect(r.body).toMatchObject({ code: 200, msg: MSG.cancelOk });
    expect(await orderState(o.id)).toEqual({ status: 700, node: 710 });
    const d = await get(t, API.afterSale(id), { token: vendor.token });
    expect(d.body.data).toMatchObject({ checkStatus: 3, status: 3 });
    const again = await post(t, API.afterSaleCancel(id), {}, { token: vendor.token });
    expect(again.body).toMatchObject({ code: 400, msg: AFTER_SALE_MSG.cannotWithdraw });
    // the platform cannot decide a withdrawn case
    expect((await post(t, PLATFORM_AFTER_SALE_API.approve(id), {}, { token: op.token, ...P })).body.code).toBe(400);

    const o2 = await createOrder(t, vendor.vendorId, vendor.userId);
    const id2 = (await apply(vendor.token, afterSale(o2.id))).body.data.id as number;
    await post(t, PLATFORM_AFTER_SALE_API.approve(id2), { processingStatus: 1 }, { token: op.token, ...P });
    const late = await post(t, API.afterSaleCancel(id2), {}, { token: vendor.token });
    expect(late.body).toMatchObject({ code: 400, msg: AFTER_SALE_MSG.cannotWithdraw });
    expect(await orderState(o2.id)).toEqual({ status: 900, node: 920 });
  });
});

describe('after-sales handling', () => {
  it('re-dispatches to a new free order, then master processing, then completes the old order', async () => {
    const o = await createOrder(t, vendor.vendorId, vendor.userId);
    const id = (await apply(vendor.token, afterSale(o.id))).body.data.id as number;
    const missing = await post(t, PLATFORM_AFTER_SALE_API.approve(id), {}, { token: op.token, ...P });
    expect(missing.body).toMatchObject({ code: 400, msg: AFTER_SALE_MSG.processingRequired });
    expect((await post(t, PLATFORM_AFTER_SALE_API.approve(id), { processingStatus: 0 }, { token: op.token, ...P })).body.code).toBe(200);
    expect(await orderState(o.id)).toEqual({ status: 900, node: 920 });
    const d = await get(t, API.afterSale(id), { token: vendor.token });
    expect(d.body.data).toMatchObject({ status: 1, checkStatus: 1, processingStatus: 0, statusTip: '师傅已取消，重新派单中' });
    expect(d.body.data.newOrder).toMatch(/^GD/);
    const fresh = await t.db.selectFrom('orders').selectAll().where('id', '=', d.body.data.newOrderId).executeTakeFirstOrThrow();
    expect(fresh).toMatchObject({ vendor_id: vendor.vendorId, status: 200, node: 210, phone: '13612345678', paid_flag: 1 });
    expect(Number(fresh.total_fen)).toBe(0);
    const lines = await t.db.selectFrom('order_products').select(['model_name', 'price_fen']).where('order_id', '=', fresh.id).execute();
    expect(lines).toHaveLength(1);

    expect((await post(t, PLATFORM_AFTER_SALE_API.processing(id), {}, { token: op.token, ...P })).body.code).toBe(200);
    expect((await get(t, API.afterSale(id), { token: vendor.token })).body.data).toMatchObject({ processingStatus: 1, statusTip: '师傅处理中' });
    expect((await post(t, PLATFORM_AFTER_SALE_API.complete(id), { remark: '已更换压缩机' }, { token: op.token, ...P })).body.code).toBe(200);
    expect(await orderState(o.id)).toEqual({ status: 700, node: 940 });
    expect((await get(t, API.afterSale(id), { token: vendor.token })).body.data).toMatchObject({ status: 2, statusTip: '售后已完成' });
    expect((await post(t, PLATFORM_AFTER_SALE_API.complete(id), {}, { token: op.token, ...P })).body).toMatchObject({ code: 400, msg: AFTER_SALE_MSG.notProcessing });
  });
});

describe('list', () => {
  it('filters by keyword (order no, name, phone, reasons), status and time, newest first, paged', async () => {
    const v = await createVendor(t);
    const a = await createOrder(t, v.vendorId, v.userId, { realName: '钱先生', phone: '13711112222' });
    const b = await createOrder(t, v.vendorId, v.userId, { realName: '孙女士', phone: '13733334444' });
    const ia = (await apply(v.token, compensation(a.id))).body.data.id as number;
    const ib = (await apply(v.token, afterSale(b.id))).body.data.id as number;
    await post(t, PLATFORM_AFTER_SALE_API.reject(ib), { reason: '不符合售后条件' }, { token: op.token, ...P });
    const list = (q: Record<string, string | number>) => get(t, API.afterSaleList, { token: v.token, query: q });

    const all = await list({ pageNum: 1, pageSize: 10 });
    expect(all.body.total).toBe(2);
    expect(all.body.rows.map((r: { id: number }) => r.id)).toEqual([ib, ia]);
    expect(all.body.rows[1]).toMatchObject({ orderNo: a.orderNo, realName: '钱先生', phone: '13711112222', productSummary: 'KFR-35GW', money: 88, typeName: '赔偿' });
    const aEnd = uniqueSuffix(a.orderNo, [b.orderNo, '孙女士 13733334444']); // b's order number and phone
    expect((await list({ keyword: aEnd })).body.rows.map((r: { id: number }) => r.id)).toEqual([ia]);
    expect((await list({ keyword: '孙女' })).body.rows.map((r: { id: number }) => r.id)).toEqual([ib]);
    expect((await list({ keyword: '13711112' })).body.rows.map((r: { id: number }) => r.id)).toEqual([ia]);
    expect((await list({ keyword: '无法正常使用' })).body.rows.map((r: { id: number }) => r.id)).toEqual([ib]);
    expect((await list({ keyword: '100%_' })).body.total).toBe(0);
    expect((await list({ status: 3 })).body.rows.map((r: { id: number }) => r.id)).toEqual([ib]);
    expect((await list({ status: 0 })).body.rows.map((r: { id: number }) => r.id)).toEqual([ia]);
    expect((await list({ status: 'x' })).body.total).toBe(2);
    expect((await list({ minTime: '2000-01-01', maxTime: '2000-12-31' })).body.total).toBe(0);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await list({ minTime: today, maxTime: today })).body.total).toBe(2);
    const p2 = await list({ pageNum: 2, pageSize: 1 });
    expect(p2.body.rows.map((r: { id: number }) => r.id)).toEqual([ia]);
    expect(p2.body.total).toBe(2);
  });
});

describe('tenancy and permissions', () => {
  it('answers another vendor’s case as missing everywhere', async () => {
    const o = await createOrder(t, other.vendorId, other.userId);
    const id = (await apply(other.token, compensation(o.id))).body.data.id as number;
    const missing = await get(t, API.afterSale(99999999), { token: vendor.token });
    const theirs = await get(t, API.afterSale(id), { token: vendor.token });
    expect(theirs.body.code).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect((await post(t, API.afterSaleCancel(id), {}, { token: vendor.token })).body.code).toBe(404);
    expect((await get(t, API.afterSale('abc'), { token: vendor.token })).body.code).toBe(404);
    const mine = await get(t, API.afterSaleList, { token: vendor.token, query: { pageSize: 100 } });
    expect(mine.body.rows.some((r: { id: number }) => r.id === id)).toBe(false);
    expect((await get(t, API.afterSale(id), { token: other.token })).body.code).toBe(200);
  });

  it('keeps vendors out of the platform routes and operators out of the vendor routes', async () => {
    expect((await get(t, PLATFORM_AFTER_SALE_API.list, { token: vendor.token })).body.code).toBe(403);
    expect((await post(t, PLATFORM_AFTER_SALE_API.approve(1), {}, { token: vendor.token })).body.code).toBe(403);
    expect((await get(t, API.afterSaleList, { token: op.token, ...P })).body.code).toBe(403);
    const all = await get(t, PLATFORM_AFTER_SALE_API.list, { token: op.token, ...P, query: { pageSize: 100 } });
    expect(all.body.total).toBeGreaterThan(3);
    expect(all.body.rows[0].vendorName).toBeTruthy();
    expect((await get(t, PLATFORM_AFTER_SALE_API.detail(999999), { token: op.token, ...P })).body.code).toBe(404);
  });

  it('needs app:order:after to apply, app:afterSale:list to read and app:afterSale:cancel to withdraw', async () => {
    const o = await createOrder(t, vendor.vendorId, vendor.userId);
    const none = await createSubAccount(t, vendor.vendorId, [[12, 0]]);
    expect((await apply(none.token, compensation(o.id))).body).toMatchObject({ code: 403, msg: MSG.forbidden });
    expect((await get(t, API.afterSaleList, { token: none.token })).body).toMatchObject({ code: 403, msg: MSG.forbidden });
    const id = (await apply(vendor.token, compensation(o.id))).body.data.id as number;
    const reader = await createSubAccount(t, vendor.vendorId, [[15, 0]]);
    expect((await get(t, API.afterSale(id), { token: reader.token })).body.code).toBe(200);
    expect((await post(t, API.afterSaleCancel(id), {}, { token: reader.token })).body).toMatchObject({ code: 403, msg: MSG.forbidden });
    const canceller = await createSubAccount(t, vendor.vendorId, [[15, 0], [151, 0]]);
    expect((await post(t, API.afterSaleCancel(id), {}, { token: canceller.token })).body.code).toBe(200);
  });

  it('shows a sub-account with own-data scope only the cases it created, on orders it may see', async () => {
    const v = await createVendor(t);
    const sub = await createSubAccount(t, v.vendorId, [[12, 1], [126, 0], [15, 1], [151, 0]]);
    const mainOrder = await createOrder(t, v.vendorId, v.userId);
    const subOrder = await createOrder(t, v.vendorId, sub.userId);
    // the main account's order is outside the sub-account's order scope
    expect((await apply(sub.token, compensation(mainOrder.id))).body.code).toBe(404);
    const own = (await apply(sub.token, compensation(subOrder.id))).body.data.id as number;
    const mainCase = (await apply(v.token, compensation(mainOrder.id))).body.data.id as number;
    const seen = await get(t, API.afterSaleList, { token: sub.token });
    expect(seen.body.rows.map((r: { id: number }) => r.id)).toEqual([own]);
    expect((await get(t, API.afterSale(mainCase), { token: sub.token })).body.code).toBe(404);
    expect((await post(t, API.afterSaleCancel(mainCase), {}, { token: sub.token })).body.code).toBe(404);
    expect((await get(t, API.afterSaleList, { token: v.token })).body.total).toBe(2);
  });
});
