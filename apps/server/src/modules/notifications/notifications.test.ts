import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PLATFORM_AFTER_SALE_API } from '@portal/domain/after-sales';
import { PAY_METHOD, PAYMENT_TYPE } from '@portal/domain/enums';
import { NOTIFICATION_MSG, NOTIFICATION_TYPES } from '@portal/domain/notifications';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { createOperator, createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { SAMPLE, upload } from '../../../test/upload';
import { addPendingRecord, rejectPendingRecord, settlePendingRecord } from '../../lib/wallet-ledger';
import { createOrder as createDoneOrder, uploadedPicture } from '../after-sales/after-sales.fixtures';
import { addOrder, createProduct, fund } from '../orders/orders.fixtures';
import { sweepBreaches } from '../sla/sla.repository';
import { claimSms } from './notifications.repository';

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
let prod: number;
let masterId: number;
beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  op = await createOperator(t);
  prod = await createProduct(t, v.vendorId, v.userId);
  await fund(t, v.vendorId, 1_000_000);
  masterId = (await get(t, PLATFORM_ORDER_API.masters, { token: op.token, role: 'platform' })).body.data[0].id;
});
afterAll(async () => t.close());

const act = async (id: number, action: string, body: Record<string, unknown> = {}) => {
  const r = await post(t, PLATFORM_ORDER_API.action(id, action as any), body, { token: op.token, role: 'platform' });
  expect(r.body, action).toMatchObject({ code: 200 });
};
const list = (token: string, query: Record<string, string | number> = {}) => get(t, API.notifications, { token, query: { pageSize: 100, ...query } });
const opPic = async () => (await upload(t, op.token, { name: 'p.png', content: SAMPLE.png }, 'order', { platform: true })).body.data!.fileUrl;
const paidOrder = async (token = v.token, patch: Record<string, unknown> = {}) => {
  const id = await addOrder(t, token, [prod], patch);
  expect((await post(t, API.orderPay(id), {}, { token })).body.code).toBe(200);
  return id;
};

describe('notifications of an order walked through its nodes', () => {
  it('raises one of each type at the node that needs the vendor, none for payment or dispatch', async () => {
    const before = (await list(v.token)).body.total;
    const id = await paidOrder(v.token, { returnParts: '1', praiseFlag: '1', praisePrice: '10' });
    await act(id, 'dispatch', { masterId });
    expect((await list(v.token)).body.total).toBe(before);
    await act(id, 'accept');
    await act(id, 'appointment', { doorTime: '2099-01-01 15:30:00' });
    await act(id, 'changeTime', { doorTime: '2099-01-02 10:00:00', remarks: '客户改约' });
    await act(id, 'checkIn');
    await act(id, 'requestParts', { applyAccessories: '遥控器一个' });
    const material = (await get(t, API.applicationLast(id), { token: v.token })).body.data;
    expect((await post(t, API.submissionAdd, { orderId: id, materialSubmissionId: material.id, company: '中通快递', trackingNum: 'ZT9' }, { token: v.token })).body.code).toBe(200);
    await act(id, 'partsArrived');
    await act(id, 'requestCompletion', { pictures: [{ fileUrl: await opPic() }], visitOverride: '客户不在场' });
    await act(id, 'requestReturn', { expressCompanyName: '中通快递', expressNumber: 'ZT100', expressFee: '12', paymentType: 0 });
    expect((await post(t, API.returnAudit, {}, { token: v.token, query: { orderId: id, audit: 1 } })).body.code).toBe(200);
    await act(id, 'requestPraise', { pictures: [{ fileUrl: await opPic() }] });

    const r = (await list(v.token)).body;
    const mine = r.rows.filter((n: any) => n.orderId === id);
    expect(mine.map((n: any) => n.type).reverse()).toEqual([
      'master_accepted', 'appointment', 'appointment', 'parts_requested', 'parts_shipped', 'completion_requested', 'return_review', 'praise_review',
    ]);
    const orderNo = (await get(t, API.order(id), { token: v.token })).body.data.orderNo;
    expect(mine[0]).toMatchObject({ typeName: '好评待审核', orderNo, orderId: id, read: false });
    expect(mine.find((n: any) => n.type === 'parts_requested').content).toContain('遥控器一个');
    expect(mine[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(r.unread).toBe(r.total);
  });

  it('raises after-sales decided, top-up confirmed and rejected, and order overdue', async () => {
    const w = await createVendor(t);
    // after-sales: approved compensation
    const o = await createDoneOrder(t, w.vendorId, w.userId);
    const voucher = await uploadedPicture(t, w.vendorId, w.userId);
    const applied = await post(t, API.afterSaleApply, { orderId: o.id, type: 1, money: 88, reasons: ['师傅上门损坏客户财物'], description: '磕坏木地板', voucher: `/files${voucher}` }, { token: w.token });
    expect(applied.body.code).toBe(200);
    expect((await post(t, PLATFORM_AFTER_SALE_API.approve(applied.body.data.id), {}, { token: op.token, role: 'platform' })).body.code).toBe(200);
    // top-ups: one confirmed, one rejected
    const pending = async () =>
      t.db.transaction().execute((tx) => addPendingRecord(tx, { vendorId: w.vendorId, amountFen: 50000, paymentType: PAYMENT_TYPE.topUp, payMethod: PAY_METHOD.qrCode, credentials: '[]', operator: '测试' }));
    const a = await pending();
    const b = await pending();
    await t.db.transaction().execute((tx) => settlePendingRecord(tx, a.recordId, { operator: '运营' }));
    await t.db.transaction().execute((tx) => rejectPendingRecord(tx, b.recordId, { operator: '运营', reason: '凭证不清晰' }));
    // overdue: an accepted-stage order whose due time passed, found by the sweep
    const prodW = await createProduct(t, w.vendorId, w.userId);
    await fund(t, w.vendorId, 100000);
    const late = await addOrder(t, w.token, [prodW]);
    await post(t, API.orderPay(late), {}, { token: w.token });
    await t.db.updateTable('orders').set({ sla_due_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', late).execute();
    expect(await sweepBreaches(t.db)).toBeGreaterThanOrEqual(1);

    const rows = (await list(w.token)).body.rows;
    const byType = Object.fromEntries(rows.map((n: any) => [n.type, n]));
    expect(byType.after_sales_decided).toMatchObject({ orderId: o.id, orderNo: o.orderNo, content: '赔偿申请已通过，金额¥88.00' });
    expect(byType.topup_confirmed).toMatchObject({ orderId: null, content: '充值¥500.00已确认到账' });
    expect(byType.topup_rejected).toMatchObject({ orderId: null, content: '充值¥500.00申请被驳回' });
    expect(byType.order_overdue).toMatchObject({ orderId: late, typeName: '订单超时' });
    expect(byType.order_overdue.content).toContain('待接单已超时');
    // filter by type
    const f = (await list(w.token, { type: 'topup_rejected' })).body;
    expect(f.rows.map((n: any) => n.type)).toEqual(['topup_rejected']);
    expect(f.total).toBe(1);
    expect(f.unread).toBe(rows.length);
  });
});

describe('scope and read state', () => {
  it('shows a sub-account the notifications of the orders its data scope covers, per user read state', async () => {
    const w = await createVendor(t);
    const p = await createProduct(t, w.vendorId, w.userId);
    await fund(t, w.vendorId, 1_000_000);
    // own: 一键下单 + 我的订单 (own data); all: 我的订单 (all data); none: 产品管理 only
    const own = await createSubAccount(t, w.vendorId, [11, [12, 1], 127]);
    const all = await createSubAccount(t, w.vendorId, [[12, 0]]);
    const none = await createSubAccount(t, w.vendorId, [[13, 0]]);
    const byMain = await addOrder(t, w.token, [p]);
    await post(t, API.orderPay(byMain), {}, { token: w.token });
    const byOwn = await addOrder(t, own.token, [p]);
    expect((await post(t, API.orderPay(byOwn), {}, { token: own.token })).body.code).toBe(200);
    for (const id of [byMain, byOwn]) {
      await act(id, 'dispatch', { masterId });
      await act(id, 'accept');
    }
    const ids = (r: any) => r.body.rows.map((n: any) => n.orderId).sort();
    expect(ids(await list(w.token))).toEqual([byMain, byOwn].sort());
    expect(ids(await list(all.token))).toEqual([byMain, byOwn].sort());
    expect(ids(await list(own.token))).toEqual([byOwn]);
    expect((await list(none.token)).body).toMatchObject({ total: 0, unread: 0, rows: [] });

    // read one (someone else's id is ignored), then all; each user's state is its own
    const mainRows = (await list(w.token)).body.rows;
    const ownRow = (await list(own.token)).body.rows[0];
    const otherVendor = (await list(v.token)).body.rows[0];
    expect((await post(t, API.notificationsRead, { ids: [ownRow.id, otherVendor.id] }, { token: own.token })).body).toMatchObject({ code: 200, msg: NOTIFICATION_MSG.readOk });
    expect((await list(own.token)).body).toMatchObject({ unread: 0, rows: [expect.objectContaining({ id: ownRow.id, read: true })] });
    expect((await list(v.token)).body.rows[0].read).toBe(false);
    expect((await list(w.token)).body.unread).toBe(2);
    expect((await list(w.token, { read: 0 })).body.total).toBe(2);
    // an order of the main account cannot be marked by the "own" sub-account
    await post(t, API.notificationsRead, { ids: [mainRows.find((n: any) => n.orderId === byMain).id] }, { token: own.token });
    expect((await list(all.token)).body.unread).toBe(2);
    expect((await post(t, API.notificationsRead, { ids: [] }, { token: w.token })).body).toMatchObject({ code: 400, msg: NOTIFICATION_MSG.idsRequired });
    expect((await post(t, API.notificationsRead, {}, { token: w.token })).body).toMatchObject({ code: 400, msg: NOTIFICATION_MSG.idsRequired });
    await post(t, API.notificationsRead, { ids: [mainRows[1].id] }, { token: w.token });
    expect((await list(w.token, { read: 1 })).body.rows.map((n: any) => n.id)).toEqual([mainRows[1].id]);
    expect((await post(t, API.notificationsRead, { all: true }, { token: w.token })).body.code).toBe(200);
    expect((await list(w.token)).body).toMatchObject({ unread: 0, total: 2 });
    expect((await list(w.token, { read: 0 })).body.total).toBe(0);
    expect((await list(all.token)).body.unread).toBe(2);
    // a new one after "all read" is unread again
    const third = await addOrder(t, w.token, [p]);
    await post(t, API.orderPay(third), {}, { token: w.token });
    await act(third, 'dispatch', { masterId });
    await act(third, 'accept');
    expect((await list(w.token)).body).toMatchObject({ unread: 1, total: 3 });
    // unauthenticated
    expect((await get(t, API.notifications)).body.code).toBe(401);
  });

  it('marks read once under parallel requests', async () => {
    const rows = (await list(v.token)).body.rows;
    const rs = await Promise.all(Array.from({ length: 8 }, (_, i) => post(t, API.notificationsRead, i % 2 ? { all: true } : { ids: rows.slice(0, 3).map((n: any) => n.id) }, { token: v.token })));
    expect(rs.every((r) => r.body.code === 200)).toBe(true);
    expect((await list(v.token)).body.unread).toBe(0);
  });
});

describe('preferences and SMS', () => {
  it('keeps per-type SMS choices and writes the text with the notification', async () => {
    const w = await createVendor(t);
    const p = await createProduct(t, w.vendorId, w.userId);
    await fund(t, w.vendorId, 100000);
    const initial = (await get(t, API.notificationPrefs, { token: w.token })).body.data;
    expect(initial.length).toBe(NOTIFICATION_TYPES.length);
    expect(initial.every((x: any) => x.sms === false)).toBe(true);
    expect((await post(t, API.notificationPrefs, { prefs: [{ type: 'nope', sms: true }] }, { token: w.token })).body).toMatchObject({ code: 400, msg: NOTIFICATION_MSG.typeInvalid });
    const saved = await post(t, API.notificationPrefs, { prefs: [{ type: 'master_accepted', sms: true }] }, { token: w.token });
    expect(saved.body).toMatchObject({ code: 200, msg: NOTIFICATION_MSG.prefsSaved });
    expect(saved.body.data.find((x: any) => x.type === 'master_accepted').sms).toBe(true);
    // a sub-account without a phone cannot ask for SMS
    const sub = await createSubAccount(t, w.vendorId, [[12, 0]]);
    expect((await post(t, API.notificationPrefs, { prefs: [{ type: 'master_accepted', sms: true }] }, { token: sub.token })).body).toMatchObject({ code: 400, msg: NOTIFICATION_MSG.noPhone });

    await claimSms(t.db, 1000); // what earlier tests queued
    const id = await addOrder(t, w.token, [p]);
    await post(t, API.orderPay(id), {}, { token: w.token });
    await act(id, 'dispatch', { masterId });
    await act(id, 'accept');
    const sent = await claimSms(t.db);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ phone: w.phone });
    expect(sent[0]!.content).toContain('师傅已接单');
    expect(await claimSms(t.db)).toHaveLength(0);
  });
});

describe('stream tickets', () => {
  it('issues a single-use ticket with the signed session call; the stream refuses a used or unknown one', async () => {
    const r = await post(t, API.notificationsTicket, {}, { token: v.token });
    expect(r.body.code).toBe(200);
    const ticket = r.body.data.ticket as string;
    expect(ticket.length).toBeGreaterThan(20);
    expect(ticket).not.toContain(v.token);
    expect((await post(t, API.notificationsTicket, {})).body.code).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: `${API.notificationsStream}?ticket=nope` });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ msg: NOTIFICATION_MSG.ticketInvalid });
    // used once (the stream itself is tested over HTTP in notifications-live.test.ts)
    await t.db.deleteFrom('stream_tickets').execute();
    const again = await t.app.inject({ method: 'GET', url: `${API.notificationsStream}?ticket=${ticket}` });
    expect(again.statusCode).toBe(401);
  });
});
