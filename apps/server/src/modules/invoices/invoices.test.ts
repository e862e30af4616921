import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PAY_METHOD, PAY_STATUS, PAYMENT_TYPE } from '@portal/domain/enums';
import { INVOICE_API, INVOICE_MSG, invoiceOrdersTakenMsg, PLATFORM_INVOICE_API } from '@portal/domain/statements';
import { createOperator, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { SAMPLE, upload } from '../../../test/upload';
import { addOrder, createProduct } from '../orders/orders.fixtures';
import { moveBalance } from '../../lib/wallet-ledger';
import { monthBounds, monthOf, previousMonth } from '../../lib/months';
import { nowIso, toShanghai } from '../../lib/time';

let t: TestApp;
let op: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await startTestApp();
  op = await createOperator(t);
});
afterAll(async () => t.close());

type Vendor = Awaited<ReturnType<typeof createVendor>>;
const lastMonth = () => previousMonth(monthOf(nowIso()));
const HEADER = { title: '上海某某电器有限公司', taxpayerId: '91310000MA1FL0AB1C', invoiceType: 1, email: 'finance@example.com' };

async function move(v: Vendor, amountFen: number, paymentType: number, orderId: number | null = null) {
  await t.db.transaction().execute((tx) =>
    moveBalance(tx, { vendorId: v.vendorId, amountFen, paymentType, payMethod: PAY_METHOD.balance, payStatus: PAY_STATUS.paid, orderId, operator: '测试' }),
  );
}

/** Put every record of the vendor into last month. */
async function intoLastMonth(v: Vendor) {
  const at = new Date(Date.parse(monthBounds(lastMonth()).start) + 86_400_000).toISOString();
  await t.db.updateTable('vendors').set({ created_at: monthBounds(previousMonth(lastMonth())).start }).where('id', '=', v.vendorId).execute();
  await t.db.updateTable('account_records').set({ pay_time: at, created_at: at }).where('vendor_id', '=', v.vendorId).execute();
}

/** A vendor that paid an order, an urgent fee and a deduction last month, and got 5 yuan refunded. */
async function vendorWithSpend() {
  const v = await createVendor(t);
  await move(v, 1_000_000, PAYMENT_TYPE.platformTopUp);
  const productId = await createProduct(t, v.vendorId, v.userId);
  const orderId = await addOrder(t, v.token, [productId]);
  expect((await post(t, API.orderPay(orderId), {}, { token: v.token })).body.code).toBe(200);
  const paidFen = -Number((await t.db.selectFrom('account_records').select('amount_fen').where('order_id', '=', orderId).executeTakeFirstOrThrow()).amount_fen);
  await move(v, -2_000, PAYMENT_TYPE.urgentFee, orderId);
  await move(v, -700, PAYMENT_TYPE.platformDeduction);
  await move(v, 500, PAYMENT_TYPE.orderRefund, orderId);
  await move(v, 3_000, PAYMENT_TYPE.orderCompensation, orderId);
  await intoLastMonth(v);
  return { v, orderId, invoiceableFen: paidFen + 2_000 + 700 - 500 };
}

const apply = (v: Vendor, body: Record<string, unknown>) => post(t, INVOICE_API.apply, { ...HEADER, ...body }, { token: v.token });
const list = async (v: Vendor) => (await get(t, INVOICE_API.list, { token: v.token })).body;

describe('invoice requests', () => {
  it('invoices a closed month for what was paid minus what was refunded, once', async () => {
    const s = await vendorWithSpend();
    const months = (await get(t, INVOICE_API.invoiceable, { token: s.v.token })).body.data;
    expect(months.find((m: { month: string }) => m.month === lastMonth()).amount).toBe(s.invoiceableFen / 100);
    const r = await apply(s.v, { months: [lastMonth()] });
    expect(r.body).toMatchObject({ code: 200, msg: INVOICE_MSG.applyOk, data: { amount: s.invoiceableFen / 100 } });
    const l = await list(s.v);
    expect(l.total).toBe(1);
    expect(l.rows[0]).toMatchObject({ status: 0, amount: s.invoiceableFen / 100, months: [lastMonth()], title: HEADER.title, pdfUrl: null });
    // The same money again, by month or by order: nothing left.
    expect((await apply(s.v, { months: [lastMonth()] })).body.msg).toBe(INVOICE_MSG.nothingInvoiceable);
    // The order is on that request already: named again, it is refused by its number (decision 291).
    const orderNo = (await t.db.selectFrom('orders').select('order_no').where('id', '=', s.orderId).executeTakeFirstOrThrow()).order_no;
    expect((await apply(s.v, { orderIds: [s.orderId] })).body.msg).toBe(invoiceOrdersTakenMsg([orderNo]));
    expect((await get(t, INVOICE_API.invoiceable, { token: s.v.token })).body.data.find((m: { month: string }) => m.month === lastMonth()).amount).toBe(0);
  });

  it('numbers the request by the Shanghai clock, as order and flow numbers are (issue 48 item 9)', async () => {
    const s = await vendorWithSpend();
    expect((await apply(s.v, { months: [lastMonth()] })).body.code).toBe(200);
    const r = await t.db.selectFrom('invoice_requests').select(['invoice_no', 'created_at']).where('vendor_id', '=', s.v.vendorId).executeTakeFirstOrThrow();
    expect(r.invoice_no).toMatch(/^FP\d{20}$/);
    expect(r.invoice_no.slice(2, 16)).toBe(toShanghai(r.created_at).replace(/\D/g, ''));
    const order = await t.db.selectFrom('orders').select(['order_no', 'created_at']).where('id', '=', s.orderId).executeTakeFirstOrThrow();
    const near = (stamp: string, iso: string) => Math.abs(Date.parse(`${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12, 14)}+08:00`) - Date.parse(iso)) < 5_000;
    expect(near(order.order_no.slice(2, 16), order.created_at)).toBe(true);
    expect(near(r.invoice_no.slice(2, 16), r.created_at)).toBe(true);
  });

  it('invoices one order, and its month afterwards covers only the rest', async () => {
    const s = await vendorWithSpend();
    const orderNo = (await t.db.selectFrom('orders').select('order_no').where('id', '=', s.orderId).executeTakeFirstOrThrow()).order_no;
    expect((await apply(s.v, { orderNos: [orderNo, 'NOSUCHORDER'] })).body.msg).toBe(INVOICE_MSG.ordersNotFound);
    const byOrder = await apply(s.v, { orderNos: [orderNo] });
    expect(byOrder.body.code).toBe(200);
    expect(byOrder.body.data.amount).toBe((s.invoiceableFen - 700) / 100);
    const rest = await apply(s.v, { months: [lastMonth()] });
    expect(rest.body.data.amount).toBe(7);
    expect((await list(s.v)).rows[1].orderNos).toHaveLength(1);
  });

  it('refuses an open month, orders of another vendor, an empty selection and a 专票 without bank details', async () => {
    const s = await vendorWithSpend();
    const other = await vendorWithSpend();
    expect((await apply(s.v, { months: [monthOf(nowIso())] })).body.msg).toBe(INVOICE_MSG.monthNotClosed);
    expect((await apply(s.v, { orderIds: [other.orderId] })).body.msg).toBe(INVOICE_MSG.ordersNotFound);
    expect((await apply(s.v, {})).body.msg).toBe(INVOICE_MSG.selectionRequired);
    expect((await apply(s.v, { months: [lastMonth()], invoiceType: 2 })).body.msg).toBe(INVOICE_MSG.bankRequired);
    expect((await apply(s.v, { months: [lastMonth()], taxpayerId: '123' })).body.msg).toBe(INVOICE_MSG.taxpayerIdFormat);
    expect((await apply(s.v, { months: [lastMonth()], email: 'x' })).body.msg).toBe(INVOICE_MSG.emailFormat);
    expect((await list(s.v)).total).toBe(0);
    const special = await apply(s.v, { months: [lastMonth()], invoiceType: 2, bankName: '招商银行上海分行', bankAccount: '6225880212345678', registeredAddress: '上海市闵行区莲花南路1500弄', registeredPhone: '021-12345678' });
    expect(special.body.code).toBe(200);
  });

  it('creates one request when the same month is asked for in parallel', async () => {
    const s = await vendorWithSpend();
    const answers = await Promise.all(Array.from({ length: 12 }, () => apply(s.v, { months: [lastMonth()] })));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== 200)) expect([INVOICE_MSG.nothingInvoiceable, INVOICE_MSG.alreadyInvoiced]).toContain(a.body.msg);
    expect((await list(s.v)).total).toBe(1);
    const items = await t.db.selectFrom('invoice_items').select('record_id').where('vendor_id', '=', s.v.vendorId).execute();
    expect(new Set(items.map((i) => i.record_id)).size).toBe(items.length);
  });

  it('the console issues it with a PDF the vendor downloads, or rejects it and the money can be invoiced again', async () => {
    const s = await vendorWithSpend();
    const first = (await apply(s.v, { months: [lastMonth()] })).body.data.id;
    const asOp = { token: op.token, role: op.role };
    const consoleList = (await get(t, PLATFORM_INVOICE_API.list, { ...asOp, query: { status: 0 } })).body;
    expect(consoleList.rows.some((r: { id: number }) => r.id === first)).toBe(true);
    expect((await post(t, PLATFORM_INVOICE_API.reject(first), { reason: '' }, asOp)).body.msg).toBe(INVOICE_MSG.reasonRequired);
    expect((await post(t, PLATFORM_INVOICE_API.reject(first), { reason: '抬头有误' }, asOp)).body.code).toBe(200);
    expect((await post(t, PLATFORM_INVOICE_API.reject(first), { reason: '抬头有误' }, asOp)).body.msg).toBe(INVOICE_MSG.notRequested);
    expect((await list(s.v)).rows[0]).toMatchObject({ status: 2, rejectReason: '抬头有误' });

    const { id: second, amount } = (await apply(s.v, { months: [lastMonth()] })).body.data;
    const pdf = await upload(t, op.token, { name: 'invoice.pdf', content: SAMPLE.pdf, contentType: 'application/pdf' }, 'invoice', { platform: true });
    expect(pdf.body.code).toBe(200);
    const png = await upload(t, op.token, { name: 'a.png', content: SAMPLE.png, contentType: 'image/png' }, 'common', { platform: true });
    expect((await post(t, PLATFORM_INVOICE_API.issue(second), { pdf: png.body.data!.fileUrl, amount }, asOp)).body.msg).toBe(INVOICE_MSG.pdfRequired);
    expect((await post(t, PLATFORM_INVOICE_API.issue(second), { pdf: pdf.body.data!.fileUrl }, asOp)).body.msg).toBe(INVOICE_MSG.amountRequired);
    const issued = await post(t, PLATFORM_INVOICE_API.issue(second), { pdf: pdf.body.data!.fileUrl, amount }, asOp);
    expect(issued.body).toMatchObject({ code: 200, msg: INVOICE_MSG.issueOk });
    const row = (await list(s.v)).rows[0];
    expect(row).toMatchObject({ id: second, status: 1 });
    expect(row.pdfUrl).toMatch(/\.pdf\?expires=\d+&sig=/);
    // Each decision told the vendor, in the decision's transaction.
    const told = await t.db.selectFrom('notifications').select(['type', 'content']).where('vendor_id', '=', s.v.vendorId).where('type', '=', 'invoice_decided').orderBy('id').execute();
    expect(told.map((n) => n.content)).toEqual([expect.stringContaining('被驳回'), expect.stringContaining('已开具')]);
  });
});
