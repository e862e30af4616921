import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PAY_METHOD, PAY_STATUS, PAYMENT_TYPE } from '@portal/domain/enums';
import { STATEMENT_API, STATEMENT_MSG, type StatementDetail } from '@portal/domain/statements';
import { createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { addOrder, createProduct } from '../orders/orders.fixtures';
import { moveBalance } from '../../lib/wallet-ledger';
import { monthBounds, monthOf, previousMonth } from '../../lib/months';
import { nowIso } from '../../lib/time';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

type Vendor = Awaited<ReturnType<typeof createVendor>>;
const thisMonth = () => monthOf(nowIso());
const lastMonth = () => previousMonth(thisMonth());
const twoMonthsAgo = () => previousMonth(lastMonth());

async function move(v: Vendor, amountFen: number, paymentType: number, orderId: number | null = null) {
  return t.db.transaction().execute((tx) =>
    moveBalance(tx, { vendorId: v.vendorId, amountFen, paymentType, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid, orderId, orderNo: orderId ? `NO${orderId}` : null, operator: '测试' }),
  );
}

/** Move the vendor's records with id > afterId into `month`, one minute apart in the order they were written. */
async function backdate(v: Vendor, month: string, afterId = 0) {
  const rows = await t.db.selectFrom('account_records').select(['id', 'confirmed_at']).where('vendor_id', '=', v.vendorId).where('id', '>', afterId).orderBy('id').execute();
  let at = Date.parse(monthBounds(month).start) + 3600_000;
  for (const r of rows) {
    const iso = new Date((at += 60_000)).toISOString();
    await t.db.updateTable('account_records').set({ pay_time: iso, created_at: iso, confirmed_at: r.confirmed_at ? iso : null }).where('id', '=', r.id).execute();
  }
}

async function openedIn(v: Vendor, month: string) {
  await t.db.updateTable('vendors').set({ created_at: monthBounds(month).start }).where('id', '=', v.vendorId).execute();
}

const lastId = async () => Number((await t.db.selectFrom('account_records').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);

/** A vendor with records of every payment type in two months ago: answers the expected figures in fen. */
async function vendorWithEveryType() {
  const v = await createVendor(t);
  await openedIn(v, previousMonth(twoMonthsAgo()));
  // The month before: a top-up, so the month opens with a balance.
  await move(v, 500_000, PAYMENT_TYPE.platformTopUp);
  await backdate(v, previousMonth(twoMonthsAgo()));
  const before = await lastId();
  const productId = await createProduct(t, v.vendorId, v.userId);
  const orderId = await addOrder(t, v.token, [productId]);
  const pay = await post(t, API.orderPay(orderId), {}, { token: v.token });
  expect(pay.body.code).toBe(200);
  const paidFen = -Number((await t.db.selectFrom('account_records').select('amount_fen').where('order_id', '=', orderId).executeTakeFirstOrThrow()).amount_fen);
  const income = { [PAYMENT_TYPE.topUp]: 100_000, [PAYMENT_TYPE.platformTopUp]: 20_000, [PAYMENT_TYPE.communityReward]: 1_500, [PAYMENT_TYPE.orderCompensation]: 2_500, [PAYMENT_TYPE.orderRefund]: 3_000 };
  const expense = { [PAYMENT_TYPE.urgentFee]: 2_000, [PAYMENT_TYPE.praisePromotion]: 1_000, [PAYMENT_TYPE.remoteFee]: 1_200, [PAYMENT_TYPE.returnCourierFee]: 800, [PAYMENT_TYPE.changeSurcharge]: 600, [PAYMENT_TYPE.platformDeduction]: 700 };
  for (const [type, fen] of Object.entries(income)) await move(v, fen, Number(type), Number(type) === PAYMENT_TYPE.orderRefund ? orderId : null);
  for (const [type, fen] of Object.entries(expense)) await move(v, -fen, Number(type), orderId);
  await backdate(v, twoMonthsAgo(), before);
  const incomeFen = Object.values(income).reduce((a, b) => a + b, 0);
  const expenseFen = Object.values(expense).reduce((a, b) => a + b, 0) + paidFen;
  return { v, orderId, paidFen, incomeFen, expenseFen, openingFen: 500_000 };
}

const detail = async (v: Vendor, month: string) => (await get(t, STATEMENT_API.month(month), { token: v.token })).body;

describe('monthly statement', () => {
  it('adds up a month with every payment type: opening + income − expense = the ledger closing', async () => {
    const s = await vendorWithEveryType();
    const body = await detail(s.v, twoMonthsAgo());
    expect(body.code).toBe(200);
    const d = body.data as StatementDetail;
    expect(d).toMatchObject({ month: twoMonthsAgo(), closed: true, balanced: true, ordersPaid: 1 });
    expect(d.openingBalance).toBe(s.openingFen / 100);
    expect(d.income).toBe(s.incomeFen / 100);
    expect(d.expense).toBe(s.expenseFen / 100);
    expect(d.closingBalance).toBe((s.openingFen + s.incomeFen - s.expenseFen) / 100);
    expect(d.compensationAndRefunds).toBe(55);
    expect(d.expenseLines.find((l) => l.paymentType === PAYMENT_TYPE.workOrder)).toMatchObject({ name: '工单', amount: s.paidFen / 100, count: 1 });
    expect(d.expenseLines.find((l) => l.paymentType === PAYMENT_TYPE.platformDeduction)).toMatchObject({ name: '平台扣款', amount: 7, count: 1 });
    expect(d.incomeLines.find((l) => l.paymentType === PAYMENT_TYPE.topUp)).toMatchObject({ name: '充值', amount: 1000, count: 1 });
    expect(d.incomeLines.map((l) => l.paymentType).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 7, 14]);

    const list = (await get(t, STATEMENT_API.list, { token: s.v.token })).body;
    expect(list.code).toBe(200);
    expect(list.rows.map((r: { month: string }) => r.month)).toEqual([thisMonth(), lastMonth(), twoMonthsAgo(), previousMonth(twoMonthsAgo())]);
    const [now, last, two, three] = list.rows;
    expect(three).toMatchObject({ openingBalance: 0, income: 5000, expense: 0, closingBalance: 5000, balanced: true });
    expect(two.closingBalance).toBe(d.closingBalance);
    // Every month opens with the previous month's closing balance.
    expect(last.openingBalance).toBe(two.closingBalance);
    expect(now.openingBalance).toBe(last.closingBalance);
    expect(now.closed).toBe(false);
  });

  it('never changes a closed month: a late record shows in the month it is made', async () => {
    const s = await vendorWithEveryType();
    const frozen = (await detail(s.v, twoMonthsAgo())).data as StatementDetail;
    // A correction written afterwards with a time inside the closed month (a clock skew, a data fix).
    const before = await lastId();
    await move(s.v, -10_000, PAYMENT_TYPE.platformDeduction);
    await backdate(s.v, twoMonthsAgo(), before);
    expect((await detail(s.v, twoMonthsAgo())).data).toEqual(frozen);
    // A correction made now lands in this month, which is still open.
    const open = (await detail(s.v, thisMonth())).data as StatementDetail;
    await move(s.v, -2_000, PAYMENT_TYPE.platformDeduction);
    const after = (await detail(s.v, thisMonth())).data as StatementDetail;
    expect(after.expense).toBeCloseTo(open.expense + 20, 2);
    expect(after.closed).toBe(false);
  });

  it('freezes a month once when its first views arrive in parallel', async () => {
    const s = await vendorWithEveryType();
    const answers = await Promise.all(Array.from({ length: 12 }, () => detail(s.v, twoMonthsAgo())));
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
    const rows = await t.db.selectFrom('statement_months').selectAll().where('vendor_id', '=', s.v.vendorId).where('month', '=', twoMonthsAgo()).execute();
    expect(rows).toHaveLength(1);
  });

  it('reads the open month as one state while the balance moves: it adds up in every answer (decision 283)', async () => {
    const v = await createVendor(t);
    await move(v, 100_000, PAYMENT_TYPE.platformTopUp);
    for (let round = 0; round < 5; round++) {
      const moves = Promise.all(Array.from({ length: 6 }, (_, i) => move(v, i % 2 ? -700 : 1_100, i % 2 ? PAYMENT_TYPE.platformDeduction : PAYMENT_TYPE.platformTopUp)));
      const seen = await Promise.all(Array.from({ length: 6 }, () => detail(v, thisMonth())));
      await moves;
      for (const d of seen) expect(d.data).toMatchObject({ closed: false, balanced: true });
    }
    const after = (await detail(v, thisMonth())).data as StatementDetail;
    expect(after).toMatchObject({ balanced: true, income: 100_000 / 100 + 5 * 3 * 11, expense: 5 * 3 * 7 });
  });

  it('refuses a malformed month, one before the account opened, and one in the future, in Chinese', async () => {
    const v = await createVendor(t);
    expect((await detail(v, '2026-13')).msg).toBe(STATEMENT_MSG.monthFormat);
    expect((await detail(v, 'abc')).msg).toBe(STATEMENT_MSG.monthFormat);
    expect((await detail(v, '2001-01')).msg).toBe(STATEMENT_MSG.monthNotOpen);
    expect((await detail(v, '2999-01')).msg).toBe(STATEMENT_MSG.monthNotOpen);
  });

  it('exports a month as a workbook: summary, every record and every order paid', async () => {
    const s = await vendorWithEveryType();
    const { res: r } = await post(t, STATEMENT_API.exportMonth(twoMonthsAgo()), {}, { token: s.v.token });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(r.headers['content-disposition']))).toContain(`月度对账单${twoMonthsAgo()}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['汇总', '流水明细', '支付订单']);
    const summary = wb.getWorksheet('汇总')!;
    const cells = new Map<string, unknown>();
    summary.eachRow((row) => cells.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(cells.get('核对（期初+收入−支出=期末）')).toBe('一致');
    expect(cells.get('支付订单数')).toBe(1);
    expect(cells.get('期末余额')).toBe((s.openingFen + s.incomeFen - s.expenseFen) / 100);
    expect(wb.getWorksheet('流水明细')!.rowCount).toBe(1 + 12);
    const orders = wb.getWorksheet('支付订单')!;
    expect(orders.rowCount).toBe(2);
    expect(orders.getRow(2).getCell(5).value).toBe(s.paidFen / 100);
  });

  it('is read by whoever may read the ledger, and only their own vendor', async () => {
    const s = await vendorWithEveryType();
    const other = await createVendor(t);
    const otherMonth = (await detail(other, twoMonthsAgo())).msg;
    expect(otherMonth).toBe(STATEMENT_MSG.monthNotOpen);
    const reader = await createSubAccount(t, s.v.vendorId, [2, 21]);
    expect((await get(t, STATEMENT_API.month(twoMonthsAgo()), { token: reader.token })).body.data.ordersPaid).toBe(1);
    const keyless = await createSubAccount(t, s.v.vendorId, [1, 11]);
    const refused = await get(t, STATEMENT_API.list, { token: keyless.token });
    expect(refused.body.code).toBe(403);
  });
});
