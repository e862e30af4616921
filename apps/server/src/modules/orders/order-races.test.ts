import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { ORDER_STATUS } from '@portal/domain/enums';
import { createVendor, post, startTestApp, type TestApp } from '../../../test/helper';
import { addOrder, balanceOf, createProduct, fund, ledgerSum, REGION } from './orders.fixtures';

// Two users of one vendor acting on the same orders at the same moment (review 2026-11-29 races): every
// writer reads the order under its lock (decision 292), so on PostgreSQL the second waits for the first
// and then decides on the order as the first left it — no deadlock answered with HTTP 500, no refusal
// that names a state the order is not in, no reminder logged after the close. On SQLite every
// transaction already runs alone; the rules are the same.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let product: number;
const ROUNDS = 6;

type Reply = Awaited<ReturnType<typeof post>>;
const pay = (id: number) => post(t, API.orderPay(id), {}, { token: v.token });
const cancel = (ids: number[]) => post(t, API.orderCancel, { ids, closeRemark: '客户取消' }, { token: v.token });
const urgent = (orderId: number) => post(t, API.orderUrgent, { orderId, urgentPrice: 30, urgentType: 1 }, { token: v.token });
const remind = (orderId: number, n: number) => post(t, API.orderReminder, { orderId, reminderContent: `请尽快上门${n}` }, { token: v.token });
const orderOf = (id: number) => t.db.selectFrom('orders').select(['status', 'urgent_flag', 'paid_flag']).where('id', '=', id).executeTakeFirstOrThrow();
const newOrders = (n: number) => Promise.all(Array.from({ length: n }, () => addOrder(t, v.token, [product])));

function answered(r: Reply) {
  expect(r.status).toBe(200);
  expect([200, 400]).toContain(r.body.code);
}

async function moneyHolds() {
  expect(await balanceOf(t, v.vendorId)).toBe(await ledgerSum(t, v.vendorId));
}

beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  product = await createProduct(t, v.vendorId, v.userId);
  await fund(t, v.vendorId, 10_000_000);
});
afterAll(async () => t.close());

describe('batch cancels racing pays and each other', () => {
  it('a batch cancel of paid and unpaid orders while the unpaid ones are paid: every call answers, nothing is lost', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ids = await newOrders(6);
      for (const id of ids.slice(0, 3)) expect((await pay(id)).body.code).toBe(200);
      const replies = await Promise.all([cancel(ids), ...ids.slice(3).map(pay), ...ids.slice(3).map(pay)]);
      replies.forEach(answered);
      // The batch waits for the pays it meets and then cancels (and refunds) every order: all are cancellable.
      expect(replies[0]!.body).toMatchObject({ code: 200, data: 6 });
      for (const id of ids) expect((await orderOf(id)).status).toBe(ORDER_STATUS.cancelled);
      await moneyHolds();
    }
  }, 120_000);

  it('two batch cancels naming the same orders in opposite order: one cancels them all, the other is refused', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const ids = await newOrders(3);
      for (const id of ids.slice(0, 2)) expect((await pay(id)).body.code).toBe(200);
      const [a, b] = await Promise.all([cancel(ids), cancel([...ids].reverse())]);
      answered(a);
      answered(b);
      expect([a.body.code, b.body.code].sort()).toEqual([200, 400]);
      await moneyHolds();
    }
  }, 120_000);
});

describe('a refusal after a lost race names the order as it is', () => {
  it('加急 and 支付 of an unpaid order at once: both succeed, one debit covers the fee', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [id] = await newOrders(1);
      const [u, p] = await Promise.all([urgent(id!), pay(id!)]);
      expect(u.body).toMatchObject({ code: 200 });
      expect(p.body).toMatchObject({ code: 200 });
      expect(await orderOf(id!)).toMatchObject({ urgent_flag: 1, paid_flag: 1 });
      await moneyHolds();
    }
  }, 120_000);

  it('取消 and 支付 of an unpaid order at once: the cancel always succeeds (a paid order is still cancellable)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [id] = await newOrders(1);
      const [c, p] = await Promise.all([cancel([id!]), pay(id!)]);
      answered(p);
      expect(c.body).toMatchObject({ code: 200 });
      expect((await orderOf(id!)).status).toBe(ORDER_STATUS.cancelled);
      await moneyHolds();
    }
  }, 120_000);

  it('催单 while the order is cancelled: no reminder is accepted after the close', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [id] = await newOrders(1);
      expect((await pay(id!)).body.code).toBe(200);
      const replies = await Promise.all([...Array.from({ length: 5 }, (_, n) => remind(id!, n)), cancel([id!]), ...Array.from({ length: 5 }, (_, n) => remind(id!, n + 5))]);
      replies.forEach(answered);
      const logs = await t.db.selectFrom('order_operate_records').select(['relevance_type', 'content']).where('order_id', '=', id!).orderBy('id').execute();
      const closedAt = logs.findIndex((l) => l.content.startsWith('取消订单'));
      expect(closedAt).toBeGreaterThan(0);
      expect(logs.slice(closedAt + 1).filter((l) => l.relevance_type === 'reminder')).toEqual([]);
      const accepted = replies.filter((r, i) => i !== 5 && r.body.code === 200).length;
      expect(logs.filter((l) => l.relevance_type === 'reminder')).toHaveLength(accepted);
    }
  }, 120_000);
});

describe('修改客户信息 on a cancelled order', () => {
  it('names the cancel, not work that never started', async () => {
    const [id] = await newOrders(1);
    expect((await cancel([id!])).body.code).toBe(200);
    const r = await post(t, API.orderCustomerModify, { orderId: id, realName: '李四', phone: '13700001111', ...REGION, detailAddress: '新地址1号' }, { token: v.token });
    expect(r.body).toMatchObject({ code: 400, msg: '当前订单状态为已取消（订单关闭），不能修改客户信息' });
  });
});
