import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { API } from '@portal/domain/api-paths';
import { CHANGE_TYPE } from '@portal/domain/enums';
import { EXTRA_FEE_API } from '@portal/domain/extra-fees';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { createOperator, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { addOrder } from '../orders/orders.fixtures';
import { act, extraFeeSetting, orderInService, requestFee } from './extra-fees.fixtures';
import { sweepExtraFees } from './extra-fee-sweep';

// Decision 272: an approved extra fee — by the merchant, by the cap at once, or by the timeout rule —
// is part of the order's money: its expenses, 订单总额 and 实付金额 in the detail, the list, the export,
// and they equal what the ledger debited for the order.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
let prod: number;
let category: number;
beforeAll(async () => {
  t = await startTestApp();
  ({ v, op, prod, category } = await extraFeeSetting(t));
}, 60_000);
afterAll(async () => t?.close());

const detail = async (id: number) => (await get(t, API.order(id), { token: v.token })).body.data;
const setCap = (cap: string) => post(t, EXTRA_FEE_API.caps, { categoryId: category, serviceType: 1, cap }, { token: v.token });
const removeCaps = () => t.db.deleteFrom('extra_fee_caps').where('vendor_id', '=', v.vendorId).execute();
const setSettings = (s: Record<string, unknown>) => post(t, EXTRA_FEE_API.settings, { overCap: 'wait', timeoutHours: 24, timeoutAction: 'reject', ...s }, { token: v.token });

/** A paid order the master accepted, 待预约 (300): both an extra fee and 加急 are possible there. */
async function awaitingAppointment() {
  const id = await addOrder(t, v.token, [prod]);
  await post(t, API.orderPay(id), {}, { token: v.token });
  const masters = (await get(t, PLATFORM_ORDER_API.masters, { token: op.token, role: 'platform' })).body.data;
  await act(t, op, id, 'dispatch', { masterId: masters[0].id });
  await act(t, op, id, 'accept');
  return id;
}

/** What the ledger debited for the order, in yuan. */
async function debitedFor(orderId: number) {
  const rows = await t.db.selectFrom('account_records').select('amount_fen').where('order_id', '=', orderId).where('change_type', '=', CHANGE_TYPE.expense).where('settled', '=', 1).execute();
  return -rows.reduce((s, r) => s + Number(r.amount_fen), 0) / 100;
}

/** The order's money on every screen that shows it: detail, expenses popover, list card, export. */
async function moneyOf(id: number) {
  const d = await detail(id);
  const fees = (await get(t, API.fees(id), { token: v.token })).body.data;
  const list = (await get(t, API.orderList, { token: v.token, query: { status: -1, pageNum: 1, pageSize: 50 } })).body.rows.find((o: { id: number }) => o.id === id);
  const r = await post(t, API.orderExport, { listOrderId: [id] }, { token: v.token });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(r.res.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const row = sheet.getRow(2);
  const cell = (name: string) => Number(row.getCell(headers.indexOf(name) + 1).value);
  return {
    total: d.totalPrice,
    realPay: d.realPayPrice,
    expenses: d.omsOrderExpenses,
    expensesSum: d.omsOrderExpenses.reduce((s: number, e: { price: number; type: number }) => s + (e.type === 2 ? -e.price : e.price), 0),
    popover: fees,
    list: [list.totalPrice, list.realPayPrice],
    export: [cell('订单金额'), cell('实付金额')],
  };
}

describe('an approved extra fee is in the order’s money', () => {
  it('approved by the merchant: detail, expenses, list and export include it and equal the ledger’s debits', async () => {
    await removeCaps();
    const id = await orderInService(t, v.token, op, [prod]);
    const before = await moneyOf(id);
    const fee = (await requestFee(t, op, id, { amount: '80.5' })).body.data.id;
    expect((await post(t, EXTRA_FEE_API.approve(fee), {}, { token: v.token })).body.code).toBe(200);
    const m = await moneyOf(id);
    expect(m.expenses).toEqual([...before.expenses, { name: '服务加价：高空作业费', price: 80.5, type: 1 }]);
    expect(m.popover).toEqual(m.expenses);
    expect(m.total).toBeCloseTo(before.total + 80.5, 2);
    expect(m.realPay).toBeCloseTo(before.realPay + 80.5, 2);
    expect(m.realPay).toBeCloseTo(await debitedFor(id), 2);
    expect(m.expensesSum).toBeCloseTo(m.total, 2);
    expect(m.list).toEqual([m.total, m.realPay]);
    expect(m.export).toEqual([m.total, m.realPay]);
  });

  it('approved by the cap at once, then a second by the timeout rule: both lines, the ledger agrees', async () => {
    await setCap('100');
    await setSettings({ timeoutAction: 'approve' });
    const id = await orderInService(t, v.token, op, [prod]);
    const before = await moneyOf(id);
    expect((await requestFee(t, op, id, { amount: '60', reason: 'remote' })).body.data.status).toBe(1);
    await removeCaps();
    const second = (await requestFee(t, op, id, { amount: '25', reason: 'other', reasonText: '夜间施工' })).body.data.id; // waits: no cap
    await setCap('100');
    await t.db.updateTable('extra_fees').set({ due_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', second).execute();
    await sweepExtraFees(t.db);
    const m = await moneyOf(id);
    expect(m.expenses.slice(before.expenses.length)).toEqual([
      { name: '服务加价：远程费', price: 60, type: 1 },
      { name: '服务加价：其他：夜间施工', price: 25, type: 1 },
    ]);
    expect(m.realPay).toBeCloseTo(before.realPay + 85, 2);
    expect(m.realPay).toBeCloseTo(await debitedFor(id), 2);
    expect(m.list).toEqual([m.total, m.realPay]);
    expect(m.export).toEqual([m.total, m.realPay]);
    await setSettings({ timeoutAction: 'reject' });
    await removeCaps();
  });

  it('a rejected request adds nothing; an urgent fee after an approved one keeps both lines', async () => {
    await removeCaps();
    const id = await awaitingAppointment();
    const before = await moneyOf(id);
    const rejected = (await requestFee(t, op, id, { amount: '10' })).body.data.id;
    await post(t, EXTRA_FEE_API.reject(rejected), { reason: '不同意' }, { token: v.token });
    expect(await moneyOf(id)).toEqual(before);

    const fee = (await requestFee(t, op, id, { amount: '30', reason: 'revisit' })).body.data.id;
    await post(t, EXTRA_FEE_API.approve(fee), {}, { token: v.token });
    const urgent = await post(t, API.orderUrgent, { orderId: id, urgentType: 1, urgentPrice: '15' }, { token: v.token });
    expect(urgent.body.code).toBe(200);
    const m = await moneyOf(id);
    expect(m.expenses.slice(before.expenses.length).map((e: { name: string }) => e.name)).toEqual(['服务加价：二次上门', '加急费']);
    expect(m.realPay).toBeCloseTo(before.realPay + 45, 2);
    expect(m.realPay).toBeCloseTo(await debitedFor(id), 2);

    // An order with an approved fee has a master: it cannot be cancelled, so nothing is refunded short.
    const cancel = await post(t, API.orderCancel, { ids: String(id), closeRemark: '客户取消' }, { token: v.token });
    expect(cancel.body.code).toBe(400);
    expect(await debitedFor(id)).toBeCloseTo(m.realPay, 2);
  });

  it('加急 and 同意加价 at the same moment: each adds its own line, neither writes over the other', async () => {
    await removeCaps();
    for (let round = 0; round < 4; round++) {
      const id = await awaitingAppointment();
      const before = await moneyOf(id);
      const fee = (await requestFee(t, op, id, { amount: '30', reason: 'revisit' })).body.data.id;
      const [urgent, approved] = await Promise.all([
        post(t, API.orderUrgent, { orderId: id, urgentType: 1, urgentPrice: '15' }, { token: v.token }),
        post(t, EXTRA_FEE_API.approve(fee), {}, { token: v.token }),
      ]);
      expect([urgent.body.code, approved.body.code]).toEqual([200, 200]);
      const m = await moneyOf(id);
      expect(m.expenses.slice(before.expenses.length).map((e: { name: string }) => e.name).sort()).toEqual(['加急费', '服务加价：二次上门'].sort());
      expect(m.expensesSum).toBeCloseTo(m.total, 2);
      expect(m.realPay).toBeCloseTo(await debitedFor(id), 2);
    }
  });

  it('the migration brings orders approved before the fix into line, once', async () => {
    const id = await orderInService(t, v.token, op, [prod]);
    const fee = (await requestFee(t, op, id, { amount: '42', reason: 'pipe' })).body.data.id;
    await post(t, EXTRA_FEE_API.approve(fee), {}, { token: v.token });
    const fixed = await moneyOf(id);
    const migration = await import('../../db/migrations/2026-12-30-010-extra-fees-in-order-money');
    const db = t.db as unknown as Kysely<any>;
    await migration.down(db); // the order as an approval before the fix left it
    const old = await moneyOf(id);
    expect(old.realPay).toBeCloseTo(fixed.realPay - 42, 2);
    expect(old.expenses.map((e: { name: string }) => e.name)).not.toContain('服务加价：加长铜管/配件');
    await migration.up(db);
    expect(await moneyOf(id)).toEqual(fixed);
    await migration.up(db); // an order already carrying its fees is left alone
    expect(await moneyOf(id)).toEqual(fixed);
    expect(fixed.realPay).toBeCloseTo(await debitedFor(id), 2);
  });
});
