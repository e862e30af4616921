import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_SALE_CHECK, AFTER_SALE_MSG, AFTER_SALE_STATUS, PLATFORM_AFTER_SALE_API } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import { createOperator, createVendor, post, startTestApp, type TestApp } from '../../../test/helper';
import { balanceOf, ledgerSum } from '../orders/orders.fixtures';
import { createOrder } from './after-sales.fixtures';

// Two people acting on one case at the same moment (review 2026-11-29 limits #1): every writer of a case
// takes its order's lock first, so on PostgreSQL the loser waits and gets its refusal instead of a
// deadlock answered with HTTP 500. On SQLite every transaction already runs alone.

let t: TestApp;
let vendor: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
const P = { role: 'platform' };
const ROUNDS = 6;

const REASON = { 1: '师傅上门损坏客户财物', 2: '安装后产品无法正常使用' } as const;
const apply = (orderId: number, type: 1 | 2) =>
  post(t, API.afterSaleApply, { orderId, type, money: 20, reasons: [REASON[type]], description: '撤回与审核同时发生' }, { token: vendor.token });
const withdraw = (id: number) => post(t, API.afterSaleCancel(id), {}, { token: vendor.token });
const approve = (id: number, processingStatus = 1) => post(t, PLATFORM_AFTER_SALE_API.approve(id), { processingStatus, remark: '' }, { token: op.token, ...P });
const reject = (id: number) => post(t, PLATFORM_AFTER_SALE_API.reject(id), { reason: '不符合赔偿条件' }, { token: op.token, ...P });

const caseOf = (id: number) => t.db.selectFrom('after_sales').select(['status', 'check_status']).where('id', '=', id).executeTakeFirstOrThrow();
const orderOf = (id: number) => t.db.selectFrom('orders').select(['status', 'node']).where('id', '=', id).executeTakeFirstOrThrow();

/** A completed order (paid ¥150) with a case waiting for review; its ids and the balance before the race. */
async function openCase(type: 1 | 2) {
  const o = await createOrder(t, vendor.vendorId, vendor.userId);
  const applied = await apply(o.id, type);
  expect(applied.body.code).toBe(200);
  return { orderId: o.id, caseId: applied.body.data.id as number, before: await balanceOf(t, vendor.vendorId) };
}

type Reply = Awaited<ReturnType<typeof post>>;
/** Exactly one of the two won; the other got its business refusal, never a server error. */
function oneWinner(a: Reply, b: Reply, refusalOfA: string, refusalOfB: string): 'a' | 'b' {
  for (const r of [a, b]) {
    expect(r.status).toBe(200);
    expect([200, 400]).toContain(r.body.code);
  }
  expect([a.body.code, b.body.code].sort()).toEqual([200, 400]);
  if (a.body.code === 200) {
    expect(b.body.msg).toBe(refusalOfB);
    return 'a';
  }
  expect(a.body.msg).toBe(refusalOfA);
  return 'b';
}

async function moneyAgrees(before: number, creditedFen: number) {
  expect((await balanceOf(t, vendor.vendorId)) - before).toBe(creditedFen);
  expect(await balanceOf(t, vendor.vendorId)).toBe(await ledgerSum(t, vendor.vendorId));
}

beforeAll(async () => {
  t = await startTestApp();
  vendor = await createVendor(t);
  op = await createOperator(t);
});
afterAll(async () => t.close());

describe('the merchant withdraws while the console decides', () => {
  it('a compensation withdrawn and approved at once: one wins, the other is told, the money follows the winner', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { orderId, caseId, before } = await openCase(1);
      const [w, a] = await Promise.all([withdraw(caseId), approve(caseId)]);
      const winner = oneWinner(w, a, AFTER_SALE_MSG.cannotWithdraw, AFTER_SALE_MSG.alreadyHandled);
      if (winner === 'a') {
        expect(await caseOf(caseId)).toEqual({ status: AFTER_SALE_STATUS.closed, check_status: AFTER_SALE_CHECK.withdrawn });
        expect(await orderOf(orderId)).toEqual({ status: 700, node: 710 });
        await moneyAgrees(before, 0);
      } else {
        expect(await caseOf(caseId)).toEqual({ status: AFTER_SALE_STATUS.completed, check_status: AFTER_SALE_CHECK.approved });
        expect(await orderOf(orderId)).toEqual({ status: 700, node: 940 });
        await moneyAgrees(before, 2000);
      }
    }
  }, 60_000);

  it('a compensation withdrawn and rejected at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { orderId, caseId, before } = await openCase(1);
      const [w, r] = await Promise.all([withdraw(caseId), reject(caseId)]);
      const winner = oneWinner(w, r, AFTER_SALE_MSG.cannotWithdraw, AFTER_SALE_MSG.alreadyHandled);
      expect((await caseOf(caseId)).check_status).toBe(winner === 'a' ? AFTER_SALE_CHECK.withdrawn : AFTER_SALE_CHECK.rejected);
      expect(await orderOf(orderId)).toEqual({ status: 700, node: winner === 'a' ? 710 : 930 });
      await moneyAgrees(before, 0);
    }
  }, 60_000);

  it('an after-sales case withdrawn and approved (master handles it, or re-dispatched) at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { orderId, caseId, before } = await openCase(2);
      const [w, a] = await Promise.all([withdraw(caseId), approve(caseId, round % 2)]);
      const winner = oneWinner(w, a, AFTER_SALE_MSG.cannotWithdraw, AFTER_SALE_MSG.alreadyHandled);
      expect(await caseOf(caseId)).toEqual(
        winner === 'a' ? { status: AFTER_SALE_STATUS.closed, check_status: AFTER_SALE_CHECK.withdrawn } : { status: AFTER_SALE_STATUS.processing, check_status: AFTER_SALE_CHECK.approved },
      );
      expect(await orderOf(orderId)).toEqual(winner === 'a' ? { status: 700, node: 710 } : { status: 900, node: 920 });
      await moneyAgrees(before, 0);
    }
  }, 60_000);
});

describe('two operators decide one case at once', () => {
  it('a compensation approved by one and rejected by the other: one decision, the other told it is handled', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { orderId, caseId, before } = await openCase(1);
      const [a, r] = await Promise.all([approve(caseId), reject(caseId)]);
      const winner = oneWinner(a, r, AFTER_SALE_MSG.alreadyHandled, AFTER_SALE_MSG.alreadyHandled);
      expect((await caseOf(caseId)).check_status).toBe(winner === 'a' ? AFTER_SALE_CHECK.approved : AFTER_SALE_CHECK.rejected);
      expect(await orderOf(orderId)).toEqual({ status: 700, node: winner === 'a' ? 940 : 930 });
      await moneyAgrees(before, winner === 'a' ? 2000 : 0);
    }
  }, 60_000);
});

describe('the merchant withdraws and applies again at once', () => {
  it('the order is in 售后 exactly when it has an open case', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { orderId, caseId } = await openCase(1);
      const [w, again] = await Promise.all([withdraw(caseId), apply(orderId, 1)]);
      expect(w.body.code).toBe(200);
      expect(again.status).toBe(200);
      if (again.body.code !== 200) expect([AFTER_SALE_MSG.alreadyOpen, AFTER_SALE_MSG.notAllowed]).toContain(again.body.msg);
      const open = await t.db.selectFrom('after_sales').select('id').where('order_id', '=', orderId).where('status', 'in', [0, 1]).execute();
      expect(open).toHaveLength(again.body.code === 200 ? 1 : 0);
      expect((await orderOf(orderId)).status).toBe(again.body.code === 200 ? 900 : 700);
    }
  }, 60_000);
});
