import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import {
  INVOICE_API, INVOICE_MSG, INVOICE_STATUS, PLATFORM_INVOICE_API, invoiceAmountChangedMsg, invoiceOrdersEmptyMsg, invoiceOrdersTakenMsg, invoiceRedChangedMsg,
} from '@portal/domain/statements';
import { createOperator, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { SAMPLE, upload } from '../../../test/upload';
import { addOrder, createProduct, fund } from '../orders/orders.fixtures';
import { monthBounds, monthOf, previousMonth } from '../../lib/months';
import { nowIso } from '../../lib/time';

// Decision 291: an order cancelled and refunded leaves the invoice that held its money, and an order
// is never named on two live invoice requests — also when requests, cancellations and issues race.

let t: TestApp;
let op: Awaited<ReturnType<typeof createOperator>>;
let asOp: { token: string; role: string };
beforeAll(async () => {
  t = await startTestApp();
  op = await createOperator(t);
  asOp = { token: op.token, role: op.role };
});
afterAll(async () => t.close());

const HEADER = { title: '上海某某电器有限公司', taxpayerId: '91310000MA1FL0AB1C', invoiceType: 1, email: 'finance@example.com' };
type Vendor = Awaited<ReturnType<typeof createVendor>>;
interface Order {
  id: number;
  no: string;
  paid: number;
}

/** A funded vendor with `n` paid orders (paid in yuan). */
async function vendorWithOrders(n: number) {
  const v = await createVendor(t);
  await fund(t, v.vendorId, 10_000_000);
  const productId = await createProduct(t, v.vendorId, v.userId);
  const orders: Order[] = [];
  for (let i = 0; i < n; i++) {
    const id = await addOrder(t, v.token, [productId]);
    expect((await post(t, API.orderPay(id), {}, { token: v.token })).body.code).toBe(200);
    const o = await t.db.selectFrom('orders').select(['order_no', 'total_fen']).where('id', '=', id).executeTakeFirstOrThrow();
    orders.push({ id, no: o.order_no, paid: Number(o.total_fen) / 100 });
  }
  return { v, orders };
}

const apply = (v: Vendor, body: Record<string, unknown>) => post(t, INVOICE_API.apply, { ...HEADER, ...body }, { token: v.token });
const cancel = (v: Vendor, o: Order) => post(t, API.orderCancel, { ids: [o.id], closeRemark: '客户取消' }, { token: v.token });
const rows = async (v: Vendor) => (await get(t, INVOICE_API.list, { token: v.token, query: { pageSize: 100 } })).body.rows as Array<Record<string, any>>;
const rowOf = async (v: Vendor, id: number) => (await rows(v)).find((r) => r.id === id)!;
const sum = (os: Order[]) => Math.round(os.reduce((s, o) => s + o.paid * 100, 0)) / 100;
const pdf = async () => (await upload(t, op.token, { name: 'invoice.pdf', content: SAMPLE.pdf, contentType: 'application/pdf' }, 'invoice', { platform: true })).body.data!.fileUrl as string;
const issue = async (id: number, amount: number) => post(t, PLATFORM_INVOICE_API.issue(id), { pdf: await pdf(), amount }, asOp);

/**
 * What must hold whatever raced: no order is named on two live requests, no record is in two, and
 * what the live invoices stand for (issued less owed back, or requested) never exceeds what was paid net.
 */
async function assertBooks(v: Vendor) {
  const live = (await rows(v)).filter((r) => r.status === INVOICE_STATUS.requested || r.status === INVOICE_STATUS.issued);
  const named = live.flatMap((r) => r.orderNos as string[]);
  expect(new Set(named).size).toBe(named.length);
  const items = await t.db.selectFrom('invoice_items').select('record_id').where('vendor_id', '=', v.vendorId).where('active', '=', 1).execute();
  expect(new Set(items.map((i) => i.record_id)).size).toBe(items.length);
  const recs = await t.db.selectFrom('account_records').select(['amount_fen', 'payment_type', 'change_type']).where('vendor_id', '=', v.vendorId).where('order_id', 'is not', null).execute();
  const netPaidFen = -recs.reduce((s, r) => s + Number(r.amount_fen), 0);
  const standsFor = live.reduce((s, r) => s + Math.round((r.amount - r.redAmount) * 100), 0);
  expect(standsFor).toBeLessThanOrEqual(netPaidFen);
  // Each live request stands for no more than its named orders paid net.
  for (const r of live.filter((x) => x.months.length === 0)) {
    const ids = (await t.db.selectFrom('orders').select('id').where('order_no', 'in', r.orderNos.length ? r.orderNos : ['-']).execute()).map((o) => o.id);
    const ofThem = ids.length ? await t.db.selectFrom('account_records').select('amount_fen').where('order_id', 'in', ids).execute() : [];
    expect(Math.round((r.amount - r.redAmount) * 100)).toBeLessThanOrEqual(-ofThem.reduce((s, x) => s + Number(x.amount_fen), 0));
  }
}

describe('an order cancelled and refunded after it was invoiced (review books #2)', () => {
  it('before issue: leaves the request, whose amount drops; the console issues only the new amount', async () => {
    const { v, orders: [a, b] } = await vendorWithOrders(2);
    const r = await apply(v, { orderNos: [a!.no, b!.no] });
    expect(r.body.data.amount).toBe(sum([a!, b!]));
    expect((await cancel(v, a!)).body.code).toBe(200);
    expect(await rowOf(v, r.body.data.id)).toMatchObject({ status: INVOICE_STATUS.requested, amount: b!.paid, orderNos: [b!.no], removedOrderNos: [a!.no] });
    // The operator's screen still showed the old amount: refused, with the new one.
    expect((await issue(r.body.data.id, sum([a!, b!]))).body.msg).toBe(invoiceAmountChangedMsg(b!.paid.toFixed(2)));
    expect((await issue(r.body.data.id, b!.paid)).body.msg).toBe(INVOICE_MSG.issueOk);
    expect(await rowOf(v, r.body.data.id)).toMatchObject({ status: INVOICE_STATUS.issued, amount: b!.paid, redAmount: 0 });
    await assertBooks(v);
  });

  it('before issue, every order refunded: the request is void with the reason, cannot be issued, and the order cannot be invoiced again', async () => {
    const { v, orders: [a] } = await vendorWithOrders(1);
    const id = (await apply(v, { orderNos: [a!.no] })).body.data.id;
    expect((await cancel(v, a!)).body.code).toBe(200);
    expect(await rowOf(v, id)).toMatchObject({ status: INVOICE_STATUS.void, amount: 0, rejectReason: INVOICE_MSG.voided, orderNos: [], removedOrderNos: [a!.no] });
    expect((await issue(id, a!.paid)).body.msg).toBe(INVOICE_MSG.voided);
    expect((await issue(id, 0)).body.msg).toBe(INVOICE_MSG.voided);
    expect((await apply(v, { orderNos: [a!.no] })).body.msg).toBe(invoiceOrdersEmptyMsg([a!.no]));
    await assertBooks(v);
  });

  it('after issue: the refund is owed back by a red invoice, which the console registers for exactly that', async () => {
    const { v, orders: [a, b] } = await vendorWithOrders(2);
    const id = (await apply(v, { orderNos: [a!.no, b!.no] })).body.data.id;
    expect((await issue(id, sum([a!, b!]))).body.code).toBe(200);
    expect((await cancel(v, a!)).body.code).toBe(200);
    expect(await rowOf(v, id)).toMatchObject({ status: INVOICE_STATUS.issued, amount: sum([a!, b!]), redAmount: a!.paid, redPending: a!.paid, redInvoices: [] });
    // The refund belongs to that invoice: no later request lowers itself by it, or names the order.
    const refund = await t.db.selectFrom('account_records').select('id').where('order_id', '=', a!.id).where('change_type', '=', 1).executeTakeFirstOrThrow();
    expect(await t.db.selectFrom('invoice_items').select('request_id').where('record_id', '=', refund.id).where('active', '=', 1).executeTakeFirst()).toEqual({ request_id: id });
    expect((await apply(v, { orderNos: [a!.no] })).body.msg).toBe(invoiceOrdersTakenMsg([a!.no]));

    const red = (amount: number) => pdf().then((p) => post(t, PLATFORM_INVOICE_API.red(id), { pdf: p, amount }, asOp));
    expect((await red(sum([a!, b!]))).body.msg).toBe(invoiceRedChangedMsg(a!.paid.toFixed(2)));
    const both = await Promise.all([red(a!.paid), red(a!.paid), red(a!.paid)]);
    expect(both.filter((x) => x.body.code === 200)).toHaveLength(1);
    const row = await rowOf(v, id);
    expect(row).toMatchObject({ redAmount: a!.paid, redPending: 0, redInvoices: [{ amount: a!.paid }] });
    expect(row.redInvoices[0].pdfUrl).toMatch(/\.pdf\?expires=\d+&sig=/);
    expect((await red(a!.paid)).body.msg).toBe(INVOICE_MSG.redNotOwed);
    await assertBooks(v);
  });

  it('a month invoice: a cancelled order is taken out, and an unbilled charge never goes without its refund', async () => {
    const { v, orders: [a, b, c] } = await vendorWithOrders(3);
    // Orders a and b were paid last month; c too, but it was cancelled and refunded this month.
    const lastMonth = previousMonth(monthOf(nowIso()));
    const at = new Date(Date.parse(monthBounds(lastMonth).start) + 86_400_000).toISOString();
    await t.db.updateTable('vendors').set({ created_at: monthBounds(previousMonth(lastMonth)).start }).where('id', '=', v.vendorId).execute();
    await t.db.updateTable('account_records').set({ pay_time: at, created_at: at }).where('vendor_id', '=', v.vendorId).execute();
    expect((await cancel(v, c!)).body.code).toBe(200);
    const months = (await get(t, INVOICE_API.invoiceable, { token: v.token })).body.data as Array<{ month: string; amount: number }>;
    expect(months.find((m) => m.month === lastMonth)!.amount).toBe(sum([a!, b!]));
    const id = (await apply(v, { months: [lastMonth] })).body.data.id;
    expect(await rowOf(v, id)).toMatchObject({ amount: sum([a!, b!]) });
    expect((await cancel(v, a!)).body.code).toBe(200);
    expect(await rowOf(v, id)).toMatchObject({ status: INVOICE_STATUS.requested, amount: b!.paid, removedOrderNos: [a!.no] });
    await assertBooks(v);
  });

  it('a cancellation racing the issue: either the invoice is owed back or it is issued for the rest, never for the refunded money', async () => {
    for (let round = 0; round < 3; round++) {
      const { v, orders } = await vendorWithOrders(2);
      const [a, b] = orders as [Order, Order];
      const id = (await apply(v, { orderNos: [a.no, b.no] })).body.data.id;
      const p = await pdf();
      const [issued, cancelled] = await Promise.all([post(t, PLATFORM_INVOICE_API.issue(id), { pdf: p, amount: sum([a, b]) }, asOp), cancel(v, a)]);
      expect(cancelled.body.code).toBe(200);
      const row = await rowOf(v, id);
      if (issued.body.code === 200) expect(row).toMatchObject({ status: INVOICE_STATUS.issued, amount: sum([a, b]), redAmount: a.paid });
      else expect(row).toMatchObject({ status: INVOICE_STATUS.requested, amount: b.paid, orderNos: [b.no] });
      await assertBooks(v);
    }
  });

  it('an apply racing the cancellation of its order: never a live request for the refunded money', async () => {
    for (let round = 0; round < 3; round++) {
      const { v, orders: [a] } = await vendorWithOrders(1);
      const [applied, cancelled] = await Promise.all([apply(v, { orderNos: [a!.no] }), cancel(v, a!)]);
      expect(cancelled.body.code).toBe(200);
      if (applied.body.code === 200) expect((await rowOf(v, applied.body.data.id)).status).toBe(INVOICE_STATUS.void);
      else expect(applied.body.msg).toBe(invoiceOrdersEmptyMsg([a!.no]));
      await assertBooks(v);
    }
  });
});

describe('an order is never named on two live invoice requests (review books #3)', () => {
  it('refuses a request naming an order another live request holds, saying which, and writes nothing', async () => {
    const { v, orders: [a, b] } = await vendorWithOrders(2);
    expect((await apply(v, { orderNos: [a!.no] })).body.code).toBe(200);
    expect((await apply(v, { orderNos: [a!.no, b!.no] })).body.msg).toBe(invoiceOrdersTakenMsg([a!.no]));
    expect((await apply(v, { orderIds: [b!.id, a!.id] })).body.msg).toBe(invoiceOrdersTakenMsg([a!.no]));
    expect(await rows(v)).toHaveLength(1);
    // Rejected, the order is free again.
    const first = (await rows(v))[0]!;
    expect((await post(t, PLATFORM_INVOICE_API.reject(first.id), { reason: '抬头有误' }, asOp)).body.code).toBe(200);
    expect((await apply(v, { orderNos: [a!.no, b!.no] })).body.data.amount).toBe(sum([a!, b!]));
    await assertBooks(v);
  });

  it('refuses a fully refunded order, saying which', async () => {
    const { v, orders: [a, b] } = await vendorWithOrders(2);
    expect((await cancel(v, a!)).body.code).toBe(200);
    expect((await apply(v, { orderNos: [b!.no, a!.no] })).body.msg).toBe(invoiceOrdersEmptyMsg([a!.no]));
    expect(await rows(v)).toHaveLength(0);
  });

  it('parallel requests over overlapping orders: each order on one request, each request for its own orders', async () => {
    const { v, orders } = await vendorWithOrders(3);
    const [a, b, c] = orders as [Order, Order, Order];
    const pairs = [[a, b], [b, c], [c, a]];
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => apply(v, { orderNos: pairs[i % 3]!.map((o) => o.no) })));
    const ok = answers.filter((x) => x.body.code === 200);
    expect(ok).toHaveLength(1);
    for (const x of answers.filter((y) => y.body.code !== 200)) expect(x.body.msg).toMatch(/^订单GD\d+(、GD\d+)?已申请过开票，同一订单不能重复开票$|^所选内容已申请过开票/);
    const [only] = await rows(v);
    expect(only!.amount).toBe(sum(orders.filter((o) => only!.orderNos.includes(o.no))));
    // The order left out can still be invoiced on its own, once.
    const rest = orders.find((o) => !only!.orderNos.includes(o.no))!;
    const again = await Promise.all(Array.from({ length: 6 }, () => apply(v, { orderNos: [rest.no] })));
    expect(again.filter((x) => x.body.code === 200)).toHaveLength(1);
    await assertBooks(v);
  });
});
