import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PAYMENT_TYPE } from '@portal/domain/enums';
import { EXTRA_FEE_API, EXTRA_FEE_MSG, PLATFORM_EXTRA_FEE_API } from '@portal/domain/extra-fees';
import { MSG } from '@portal/domain/messages';
import { connectDatabase } from '../../db/connect';
import { monthOf } from '../../lib/months';
import { nowIso } from '../../lib/time';
import { createOperator, createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { startWorkersServer, type WorkersServer } from '../../../test/spawn-server';
import { addOrder, balanceOf, createProduct, fund, ledgerSum } from '../orders/orders.fixtures';
import { extraFeeSetting, orderInService, requestFee } from './extra-fees.fixtures';
import { keyHeaders } from '../integrations/webhooks.fixtures';
import { sweepExtraFees } from './extra-fee-sweep';

// Issue 46, first half: extra fees with the merchant's approval, price caps, the timeout rule.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
let prod: number;
let category: number;
beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: '1' });
  ({ v, op, prod, category } = await extraFeeSetting(t));
}, 60_000);
afterAll(async () => t?.close());

const V = (token = v.token) => ({ token });
const P = () => ({ token: op.token, role: 'platform' });
const feesOf = async (orderId: number, token = v.token) => (await get(t, EXTRA_FEE_API.ofOrder(orderId), V(token))).body;
const feeRow = (id: number) => t.db.selectFrom('extra_fees').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const extraFeeRecords = (orderId: number) => t.db.selectFrom('account_records').selectAll().where('order_id', '=', orderId).where('payment_type', '=', PAYMENT_TYPE.extraFee).execute();
const setCap = (cap: string, token = v.token, more: Record<string, unknown> = {}) => post(t, EXTRA_FEE_API.caps, { categoryId: category, serviceType: 1, cap, ...more }, V(token));
const removeCaps = async () => t.db.deleteFrom('extra_fee_caps').where('vendor_id', '=', v.vendorId).execute();
const setSettings = (s: Record<string, unknown>) => post(t, EXTRA_FEE_API.settings, { overCap: 'wait', timeoutHours: 24, timeoutAction: 'reject', ...s }, V());

describe('a request and the merchant’s answer', () => {
  it('request → pending: the detail block, the list marker and filter, the bell and the webhook', async () => {
    await post(t, API.webhooks, { url: 'http://127.0.0.1:9/hook', events: ['extra_fee.requested', 'extra_fee.decided'] }, V());
    const id = await orderInService(t, v.token, op, [prod]);
    const before = await balanceOf(t, v.vendorId);
    const r = await requestFee(t, op, id, { amount: '80', note: '外机在6楼外墙' });
    expect(r.body).toMatchObject({ code: 200, msg: EXTRA_FEE_MSG.requested, data: { status: 0, statusName: '待确认' } });
    expect(await balanceOf(t, v.vendorId)).toBe(before);

    const block = await feesOf(id);
    expect(block.data.requests[0]).toMatchObject({ reasonName: '高空作业费', amount: 80, status: 0, note: '外机在6楼外墙', requestedBy: expect.stringContaining('代师傅') });
    expect(block.data.cap).toMatchObject({ cap: null, used: 0, left: null, timeoutHours: 24, timeoutAction: 'reject' });

    const list = (await get(t, API.orderList, { ...V(), query: { extraFee: '1' } })).body;
    expect(list.rows.map((o: { id: number }) => o.id)).toContain(id);
    expect(list.total).toBe(list.rows.length);
    expect(list.rows.find((o: { id: number }) => o.id === id).extraFeePending).toBe(true);

    const bell = (await get(t, API.notifications, { ...V(), query: { type: 'extra_fee_requested' } })).body;
    expect(bell.rows[0]).toMatchObject({ orderId: id, typeName: '加价待确认', content: expect.stringContaining('高空作业费 ¥80.00') });
    const hooks = await t.db.selectFrom('webhook_deliveries').select(['event_type', 'payload']).where('vendor_id', '=', v.vendorId).where('event_type', '=', 'extra_fee.requested').execute();
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0]!.payload).data).toMatchObject({ orderId: id, amount: 80, status: 0, reason: '高空作业费' });
  });

  it('approve → the exact debit, its ledger record of its own type, the statement; a second approval changes nothing', async () => {
    const id = await orderInService(t, v.token, op, [prod]);
    const fee = (await requestFee(t, op, id, { amount: '80.5' })).body.data.id;
    const before = await balanceOf(t, v.vendorId);
    const statementBefore = (await get(t, `/api/app/statement/${monthOf(nowIso())}`, V())).body.data;
    const r = await post(t, EXTRA_FEE_API.approve(fee), {}, V());
    expect(r.body).toMatchObject({ code: 200, msg: EXTRA_FEE_MSG.approved, data: { status: 1, balance: (before - 8050) / 100 } });
    expect(await balanceOf(t, v.vendorId)).toBe(before - 8050);
    expect(await balanceOf(t, v.vendorId)).toBe(await ledgerSum(t, v.vendorId));
    const records = await extraFeeRecords(id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ change_type: 0, remarks: '服务加价：高空作业费' });
    expect(Number(records[0]!.amount_fen)).toBe(-8050);
    expect(Number(records[0]!.before_balance_fen)).toBe(before);
    expect((await feeRow(fee)).account_record_id).toBe(records[0]!.id);

    const statement = (await get(t, `/api/app/statement/${monthOf(nowIso())}`, V())).body.data;
    const line = (s: { expenseLines: Array<{ paymentType: number; amount: number; count: number }> }) => s.expenseLines.find((l) => l.paymentType === PAYMENT_TYPE.extraFee)!;
    expect(line(statement)).toMatchObject({ name: '服务加价' });
    expect(Math.round(line(statement).amount * 100) - Math.round(line(statementBefore).amount * 100)).toBe(8050);
    expect(statement.balanced).toBe(true);
    const ledger = (await get(t, API.records, { ...V(), query: { paymentType: PAYMENT_TYPE.extraFee } })).body;
    expect(ledger.rows.some((row: { orderNo: string; payAmount: number }) => row.payAmount === -80.5 || row.payAmount === 80.5)).toBe(true);

    const again = await post(t, EXTRA_FEE_API.approve(fee), {}, V());
    expect(again.body).toMatchObject({ code: 400, msg: EXTRA_FEE_MSG.alreadyDecided });
    expect(await extraFeeRecords(id)).toHaveLength(1);
    const log = await t.db.selectFrom('order_operate_records').select('content').where('order_id', '=', id).where('relevance_type', '=', 'extraFee').execute();
    expect(log.map((l) => l.content)).toEqual([expect.stringContaining('师傅申请加价：高空作业费 ¥80.50'), expect.stringContaining('厂家已同意')]);
  });

  it('reject records the reason and tells the console; no money moves', async () => {
    const id = await orderInService(t, v.token, op, [prod]);
    const fee = (await requestFee(t, op, id, { reason: 'other', reasonText: '搬运冰箱上楼', amount: 50 })).body.data.id;
    expect((await post(t, EXTRA_FEE_API.reject(fee), { reason: '  ' }, V())).body).toMatchObject({ code: 400, msg: EXTRA_FEE_MSG.rejectReasonRequired });
    const before = await balanceOf(t, v.vendorId);
    const r = await post(t, EXTRA_FEE_API.reject(fee), { reason: '合同已含搬运' }, V());
    expect(r.body).toMatchObject({ code: 200, msg: EXTRA_FEE_MSG.rejected, data: { status: 2 } });
    expect(await balanceOf(t, v.vendorId)).toBe(before);
    expect(await extraFeeRecords(id)).toHaveLength(0);
    const consoleList = (await get(t, PLATFORM_EXTRA_FEE_API.list, { ...P(), query: { status: 2 } })).body;
    expect(consoleList.rows.find((x: { id: number }) => x.id === fee)).toMatchObject({ reasonName: '其他：搬运冰箱上楼', rejectReason: '合同已含搬运', decidedByName: '厂家审批' });
    expect((await get(t, PLATFORM_EXTRA_FEE_API.ofOrder(id), P())).body.data.requests[0]).toMatchObject({ status: 2, rejectReason: '合同已含搬运' });
  });

  it('refuses in Chinese, writing nothing: an order not in service, a second pending request, bad input, a short balance', async () => {
    const fresh = await addOrder(t, v.token, [prod]);
    expect((await requestFee(t, op, fresh, { amount: 10 })).body).toMatchObject({ code: 400, msg: EXTRA_FEE_MSG.notInService });
    const id = await orderInService(t, v.token, op, [prod]);
    expect((await requestFee(t, op, id, { reason: 'other', amount: 10 })).body).toMatchObject({ code: 400, msg: EXTRA_FEE_MSG.reasonTextRequired });
    expect((await requestFee(t, op, id, { amount: '0' })).body).toMatchObject({ code: 400, msg: EXTRA_FEE_MSG.amountFormat });
    expect((await requestFee(t, op, id, { amount: '1.234' })).body).toMatchObject({ code: 400, msg: EXTRA_FEE_MSG.amountFormat });
    expect((await requestFee(t, op, id, { reason: 'nope', amount: 1 })).body).toMatchObject({ code: 400, msg: EXTRA_FEE_MSG.reasonRequired });
    expect((await requestFee(t, op, id, { amount: 1, photos: ['/a', '/b', '/c', '/d', '/e', '/f'] })).body).toMatchObject({ code: 400, msg: EXTRA_FEE_MSG.photosTooMany });
    expect((await requestFee(t, op, id, { amount: 10 })).body.code).toBe(200);
    expect((await requestFee(t, op, id, { amount: 20 })).body).toMatchObject({ code: 400, msg: EXTRA_FEE_MSG.alreadyPending });

    // a vendor whose balance is short: a clear refusal, and the request stays pending
    const poor = await createVendor(t);
    const poorProd = await createProduct(t, poor.vendorId, poor.userId);
    await fund(t, poor.vendorId, 10_000);
    const order = await orderInService(t, poor.token, op, [poorProd]);
    const fee = (await requestFee(t, op, order, { amount: 9999 })).body.data.id;
    const before = await balanceOf(t, poor.vendorId);
    const r = await post(t, EXTRA_FEE_API.approve(fee), {}, V(poor.token));
    expect(r.body).toMatchObject({ code: 400, msg: EXTRA_FEE_MSG.insufficient });
    expect(await balanceOf(t, poor.vendorId)).toBe(before);
    expect((await feeRow(fee)).status).toBe(0);
    expect(await extraFeeRecords(order)).toHaveLength(0);
    // another vendor's request is not found
    expect((await post(t, EXTRA_FEE_API.approve(fee), {}, V())).body.code).toBe(404);
    expect((await get(t, EXTRA_FEE_API.ofOrder(order), V())).body.code).toBe(404);
  });

  it('20 parallel approvals → one debit', async () => {
    const id = await orderInService(t, v.token, op, [prod]);
    const fee = (await requestFee(t, op, id, { amount: '66.66' })).body.data.id;
    const before = await balanceOf(t, v.vendorId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(t, EXTRA_FEE_API.approve(fee), {}, V())));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 400).every((a) => a.body.msg === EXTRA_FEE_MSG.alreadyDecided)).toBe(true);
    expect(await balanceOf(t, v.vendorId)).toBe(before - 6666);
    expect(await extraFeeRecords(id)).toHaveLength(1);
    expect(await balanceOf(t, v.vendorId)).toBe(await ledgerSum(t, v.vendorId));
  });

  it('keys and data scope: 审批加价 is its own key; an "own" sub-account reaches only its own orders', async () => {
    const id = await orderInService(t, v.token, op, [prod]);
    const fee = (await requestFee(t, op, id, { amount: 5 })).body.data.id;
    const listOnly = await createSubAccount(t, v.vendorId, [[12, 0]]);
    expect((await post(t, EXTRA_FEE_API.approve(fee), {}, V(listOnly.token))).body).toMatchObject({ code: 403, msg: MSG.forbidden });
    expect((await get(t, EXTRA_FEE_API.ofOrder(id), V(listOnly.token))).body.code).toBe(200);
    const own = await createSubAccount(t, v.vendorId, [[12, 1], 128]);
    expect((await get(t, EXTRA_FEE_API.ofOrder(id), V(own.token))).body.code).toBe(404);
    expect((await post(t, EXTRA_FEE_API.approve(fee), {}, V(own.token))).body.code).toBe(404);
    expect((await feeRow(fee)).status).toBe(0);
    const full = await createSubAccount(t, v.vendorId, [[12, 0], 128]);
    expect((await post(t, EXTRA_FEE_API.approve(fee), {}, V(full.token))).body.code).toBe(200);
    expect((await get(t, EXTRA_FEE_API.caps, V(listOnly.token))).body.code).toBe(403);
    expect((await setCap('1', listOnly.token)).body.code).toBe(403);
  });

  it('a merchant’s system answers with an API key (decision 253)', async () => {
    const created = (await post(t, API.openapiKeys, { name: 'ERP' }, V())).body.data as { keyId: string; secret: string };
    const keyCall = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const payload = body === undefined ? '' : JSON.stringify(body);
      return (await t.app.inject({ method, url: path, headers: keyHeaders(created.keyId, created.secret, method, path, '', payload), payload: payload || undefined })).json();
    };
    const id = await orderInService(t, v.token, op, [prod]);
    const fee = (await requestFee(t, op, id, { amount: 12 })).body.data.id;
    expect(await keyCall('GET', EXTRA_FEE_API.ofOrder(id))).toMatchObject({ code: 200, data: { requests: [{ id: fee, status: 0 }] } });
    expect(await keyCall('POST', EXTRA_FEE_API.approve(fee), {})).toMatchObject({ code: 200, data: { status: 1 } });
    expect(await extraFeeRecords(id)).toHaveLength(1);
    expect((await keyCall('GET', EXTRA_FEE_API.caps)).code).toBe(403);
  });
});

describe('price caps', () => {
  it('approves at once what fits in what is left of the cap: exactly at the cap yes, one fen over waits', async () => {
    await removeCaps();
    expect((await setCap('100')).body).toMatchObject({ code: 200, msg: EXTRA_FEE_MSG.capSaved });
    const id = await orderInService(t, v.token, op, [prod]);
    expect((await get(t, PLATFORM_EXTRA_FEE_API.ofOrder(id), P())).body.data.cap).toMatchObject({ cap: 100, used: 0, left: 100 });
    const before = await balanceOf(t, v.vendorId);
    const first = await requestFee(t, op, id, { amount: '60' });
    expect(first.body).toMatchObject({ code: 200, msg: EXTRA_FEE_MSG.autoApproved, data: { status: 1 } });
    expect(await balanceOf(t, v.vendorId)).toBe(before - 6000);
    expect((await feeRow(first.body.data.id)).decided_by).toBe('cap');
    const atCap = await requestFee(t, op, id, { amount: '40.00' });
    expect(atCap.body.data.status).toBe(1);
    expect((await get(t, PLATFORM_EXTRA_FEE_API.ofOrder(id), P())).body.data.cap).toMatchObject({ cap: 100, used: 100, left: 0 });
    const over = await requestFee(t, op, id, { amount: '0.01' });
    expect(over.body).toMatchObject({ code: 200, data: { status: 0 } });
    expect(await balanceOf(t, v.vendorId)).toBe(before - 10000);
    expect(await extraFeeRecords(id)).toHaveLength(2);
    const bell = (await get(t, API.notifications, { ...V(), query: { type: 'extra_fee_decided' } })).body;
    expect(bell.rows.some((n: { orderId: number; content: string }) => n.orderId === id && n.content.includes('加价上限内'))).toBe(true);

    // a fresh order: one fen over the whole cap waits
    const other = await orderInService(t, v.token, op, [prod]);
    expect((await requestFee(t, op, other, { amount: '100.01' })).body.data.status).toBe(0);
    const exact = await orderInService(t, v.token, op, [prod]);
    expect((await requestFee(t, op, exact, { amount: '100' })).body.data.status).toBe(1);
  });

  it('parallel requests on one order never spend the cap twice', async () => {
    await removeCaps();
    await setCap('100');
    const id = await orderInService(t, v.token, op, [prod]);
    const before = await balanceOf(t, v.vendorId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => requestFee(t, op, id, { amount: '60' })));
    const statuses = answers.filter((a) => a.body.code === 200).map((a) => a.body.data.status).sort();
    expect(statuses).toEqual([0, 1]); // one within the cap, one waiting for the merchant
    expect(answers.filter((a) => a.body.code === 400).every((a) => a.body.msg === EXTRA_FEE_MSG.alreadyPending)).toBe(true);
    expect(await balanceOf(t, v.vendorId)).toBe(before - 6000);
    await removeCaps();
  });

  it('refuses above the cap when the merchant says so; a product’s own cap beats its category’s', async () => {
    await removeCaps();
    await setCap('100');
    expect((await setSettings({ overCap: 'refuse' })).body).toMatchObject({ code: 200, data: { overCap: 'refuse' } });
    const id = await orderInService(t, v.token, op, [prod]);
    const r = await requestFee(t, op, id, { amount: '100.01' });
    expect(r.body).toMatchObject({ code: 200, msg: EXTRA_FEE_MSG.overCapRefused, data: { status: 2 } });
    expect((await feeRow(r.body.data.id)).reject_reason).toContain('超出加价上限');
    expect(await extraFeeRecords(id)).toHaveLength(0);
    // the product's own cap of 20 applies instead of the category's 100
    await setCap('20', v.token, { productId: prod });
    const p = await orderInService(t, v.token, op, [prod]);
    expect((await get(t, PLATFORM_EXTRA_FEE_API.ofOrder(p), P())).body.data.cap).toMatchObject({ cap: 20 });
    expect((await requestFee(t, op, p, { amount: '20.01' })).body.data.status).toBe(2);
    await setSettings({ overCap: 'wait' });
    await removeCaps();
  });

  it('logs every change with who and when, and checks its input', async () => {
    await removeCaps();
    const logsBefore = (await get(t, EXTRA_FEE_API.capLogs, V())).body.total;
    await setCap('100');
    await setCap('150.5');
    await setCap('150.5'); // no change, no line
    const cap = (await get(t, EXTRA_FEE_API.caps, V())).body.data[0];
    expect(cap).toMatchObject({ categoryId: category, serviceType: 1, serviceTypeName: '安装', cap: 150.5, productId: null, updatedBy: '测试' });
    expect((await post(t, EXTRA_FEE_API.capRemove(cap.id), {}, V())).body).toMatchObject({ code: 200, msg: EXTRA_FEE_MSG.capRemoved });
    const logs = (await get(t, EXTRA_FEE_API.capLogs, V())).body;
    expect(logs.total - logsBefore).toBe(3);
    expect(logs.rows.slice(0, 3).map((l: { before: number | null; after: number | null }) => [l.before, l.after])).toEqual([[150.5, null], [100, 150.5], [null, 100]]);
    expect(logs.rows[0]).toMatchObject({ operator: '测试', createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    expect((await setCap('-1')).body).toMatchObject({ code: 400, msg: EXTRA_FEE_MSG.capFormat });
    expect((await post(t, EXTRA_FEE_API.caps, { categoryId: 999999, serviceType: 1, cap: '1' }, V())).body).toMatchObject({ code: 400, msg: EXTRA_FEE_MSG.categoryNotFound });
    const otherVendor = await createVendor(t);
    const foreign = await createProduct(t, otherVendor.vendorId, otherVendor.userId);
    expect((await setCap('1', v.token, { productId: foreign })).body).toMatchObject({ code: 400, msg: EXTRA_FEE_MSG.productNotFound });
    expect((await post(t, EXTRA_FEE_API.capRemove(cap.id), {}, V())).body.code).toBe(404);
    expect((await setSettings({ timeoutHours: 0 })).body).toMatchObject({ code: 400, msg: EXTRA_FEE_MSG.timeoutHoursFormat });
  });
});

describe('the timeout rule', () => {
  const overdue = (fee: number) => t.db.updateTable('extra_fees').set({ due_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', fee).execute();
  const decisionLines = async (orderId: number) =>
    (await t.db.selectFrom('order_operate_records').select('content').where('order_id', '=', orderId).where('relevance_type', '=', 'extraFee').execute()).filter((l) => !l.content.startsWith('师傅申请'));

  it('rejects an unanswered request by default, and approves within the cap when the merchant says so', async () => {
    await removeCaps();
    await setSettings({ timeoutAction: 'reject' });
    const a = await orderInService(t, v.token, op, [prod]);
    const feeA = (await requestFee(t, op, a, { amount: 30 })).body.data.id;
    await overdue(feeA);
    await sweepExtraFees(t.db);
    expect(await feeRow(feeA)).toMatchObject({ status: 2, decided_by: 'timeout', reject_reason: '超时未处理，按厂家设置自动驳回' });

    await setSettings({ timeoutAction: 'approve', overCap: 'wait' });
    const b = await orderInService(t, v.token, op, [prod]);
    const feeB = (await requestFee(t, op, b, { amount: 30 })).body.data.id; // no cap yet: waits
    const c = await orderInService(t, v.token, op, [prod]);
    const feeC = (await requestFee(t, op, c, { amount: 30 })).body.data.id;
    await setCap('29.99'); // raised after the requests: B fits 30? no — C shows the over-cap path
    await overdue(feeC);
    await sweepExtraFees(t.db);
    expect((await feeRow(feeC)).status).toBe(2);
    expect((await feeRow(feeC)).reject_reason).toContain('超出加价上限');
    await setCap('30');
    const before = await balanceOf(t, v.vendorId);
    await overdue(feeB);
    await sweepExtraFees(t.db);
    expect(await feeRow(feeB)).toMatchObject({ status: 1, decided_by: 'timeout' });
    expect(await balanceOf(t, v.vendorId)).toBe(before - 3000);
    expect(await extraFeeRecords(b)).toHaveLength(1);
    await setSettings({ timeoutAction: 'reject' });
    await removeCaps();
  });

  it('decides once when sweeps overlap (two connections at once)', async () => {
    await setSettings({ timeoutAction: 'approve' });
    await setCap('1000');
    const ids = [await orderInService(t, v.token, op, [prod]), await orderInService(t, v.token, op, [prod])];
    await removeCaps(); // requests wait (no cap when asked) …
    const fees = [];
    for (const id of ids) fees.push((await requestFee(t, op, id, { amount: 10 })).body.data.id);
    await setCap('1000'); // … and the timeout approves them within the cap
    for (const f of fees) await overdue(f);
    const before = await balanceOf(t, v.vendorId);
    const other = t.config.isPostgres ? await connectDatabase(t.config.DATABASE_URL) : { db: t.db };
    try {
      const counts = await Promise.all([sweepExtraFees(t.db), sweepExtraFees(other.db), sweepExtraFees(t.db), sweepExtraFees(other.db)]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    } finally {
      if (other.db !== t.db) await other.db.destroy();
    }
    expect(await balanceOf(t, v.vendorId)).toBe(before - 2000);
    for (const id of ids) {
      expect(await extraFeeRecords(id)).toHaveLength(1);
      expect(await decisionLines(id)).toHaveLength(1);
    }
    await setSettings({ timeoutAction: 'reject' });
    await removeCaps();
  });

  it('sweeps with no request arriving, once, with WORKERS=2 and the sweep every second', async () => {
    const ids = [await orderInService(t, v.token, op, [prod]), await orderInService(t, v.token, op, [prod])];
    const fees = [];
    for (const id of ids) fees.push((await requestFee(t, op, id, { amount: 12 })).body.data.id);
    for (const f of fees) await overdue(f);
    let server: WorkersServer | undefined;
    try {
      server = await startWorkersServer(t, { EXTRA_FEE_SWEEP_SECONDS: '1' });
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const rows = await Promise.all(fees.map(feeRow));
        if (rows.every((r) => r.status !== 0)) break;
        await new Promise((r) => setTimeout(r, 300));
      }
      await new Promise((r) => setTimeout(r, 2500)); // more rounds of both processes
      for (const f of fees) expect(await feeRow(f)).toMatchObject({ status: 2, decided_by: 'timeout' });
      for (const id of ids) expect(await decisionLines(id)).toHaveLength(1);
      const n = await t.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('c')).where('type', '=', 'extra_fee_decided').where('order_id', 'in', ids).executeTakeFirstOrThrow();
      expect(Number(n.c)).toBe(2);
    } finally {
      await server?.stop();
    }
  }, 120_000);
});
