import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { API } from '@portal/domain/api-paths';
import { APPOINTMENT_MSG } from '@portal/domain/appointments';
import { APPOINTMENT_API } from '@portal/domain/contract/appointments';
import { PAYMENT_TYPE } from '@portal/domain/enums';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { CREDIT_MSG } from '@portal/domain/timeliness-credit';
import { STATEMENT_API } from '@portal/domain/statements';
import { connectDatabase } from '../../db/connect';
import { fromShanghai, toShanghai } from '../../lib/time';
import { createOperator, createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { startWorkersServer, type WorkersServer } from '../../../test/spawn-server';
import { addOrder, balanceOf, createProduct, fund, ledgerSum } from '../orders/orders.fixtures';
import { sweepCredits } from './timeliness-sweep';

// Issue 46, second half: appointment windows, failed bookings, the merchant's reschedule request, and
// the automatic timeliness credit (decisions 255–259), on the engine TEST_DATABASE names.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
let prod: number;
let masterId: number;
const DAY = 24 * 3600_000;
beforeAll(async () => {
  // Webhook endpoints on this machine, written to the outbox only (no delivery worker here).
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '0' });
  v = await createVendor(t);
  op = await createOperator(t);
  prod = await createProduct(t, v.vendorId, v.userId);
  await fund(t, v.vendorId, 10_000_000);
  masterId = (await get(t, PLATFORM_ORDER_API.masters, { token: op.token, role: 'platform' })).body.data[0].id;
});
afterAll(async () => t?.close());

const P = () => ({ token: op.token, role: 'platform' });
const act = (id: number, action: string, body: Record<string, unknown> = {}) => post(t, PLATFORM_ORDER_API.action(id, action as never), body, P());
const mustAct = async (id: number, action: string, body: Record<string, unknown> = {}) => expect((await act(id, action, body)).body, action).toMatchObject({ code: 200 });
const paid = async (token = v.token, product = prod) => {
  const id = await addOrder(t, token, [product]);
  expect((await post(t, API.orderPay(id), {}, { token })).body.code).toBe(200);
  return id;
};
const accepted = async (token = v.token, product = prod) => {
  const id = await paid(token, product);
  await mustAct(id, 'dispatch', { masterId });
  await mustAct(id, 'accept');
  return id;
};
const shanghaiDate = (daysAhead: number) => toShanghai(new Date(Date.now() + daysAhead * DAY).toISOString()).slice(0, 10);
const row = (id: number) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const view = async (id: number, token = v.token) => (await get(t, APPOINTMENT_API.view(id), { token })).body;
const subscribe = async (token: string, events: string[]) => expect((await post(t, API.webhooks, { url: 'http://127.0.0.1:9/hook', events }, { token })).body.code).toBe(200);
const webhookData = async (vendorId: number, type: string) =>
  (await t.db.selectFrom('webhook_deliveries').select('payload').where('vendor_id', '=', vendorId).where('event_type', '=', type).execute()).map((d) => JSON.parse(d.payload).data);

describe('appointment windows', () => {
  it('stores the console’s window and holds check-in to its end; a bare door time is its 2-hour slot', async () => {
    const id = await accepted();
    const date = shanghaiDate(2);
    expect((await act(id, 'appointment', { appointDate: date })).body).toMatchObject({ code: 400, msg: APPOINTMENT_MSG.slotRequired });
    expect((await act(id, 'appointment', { appointDate: date, appointSlot: '09-11' })).body).toMatchObject({ code: 400, msg: APPOINTMENT_MSG.slotRequired });
    expect((await act(id, 'appointment', { appointDate: '2020-01-01', appointSlot: 'am' })).body).toMatchObject({ code: 400, msg: '上门时间不能早于昨天' });
    await mustAct(id, 'appointment', { appointDate: date, appointSlot: '14-16' });
    let r = await row(id);
    expect(r).toMatchObject({ status: 400, node: 410, appoint_slot: '14-16', door_time: fromShanghai(`${date} 14:00:00`), door_time_end: fromShanghai(`${date} 16:00:00`) });
    expect(r).toMatchObject({ sla_stage: 'checkIn', sla_due_at: fromShanghai(`${date} 16:00:00`) });
    expect((await view(id)).data.window).toMatchObject({ date, slot: '14-16', text: `${date} 14:00–16:00`, start: `${date} 14:00:00`, end: `${date} 16:00:00` });
    // a half day
    await mustAct(id, 'changeTime', { appointDate: date, appointSlot: 'pm', remarks: '客户下午在家' });
    r = await row(id);
    expect(r).toMatchObject({ node: 420, appoint_slot: 'pm', sla_due_at: fromShanghai(`${date} 18:00:00`) });
    // older callers: a door time is the slot it falls in; outside 08:00–20:00 it is refused
    await mustAct(id, 'changeTime', { doorTime: `${date} 09:30:00` });
    expect(await row(id)).toMatchObject({ appoint_slot: '08-10', door_time_end: fromShanghai(`${date} 10:00:00`) });
    expect((await act(id, 'changeTime', { doorTime: `${date} 21:00:00` })).body).toMatchObject({ code: 400, msg: APPOINTMENT_MSG.doorTimeOutside });
    const logs = (await get(t, API.order(id), { token: v.token })).body.data.omsOperateRecordList.map((l: { content: string }) => l.content);
    expect(logs).toContain(`改约上门时间为 ${date} 下午（13:00–18:00），原因：客户下午在家`);
  });
});

describe('failed bookings', () => {
  it('records the reason, shows it in the detail, the 预约失败 filter and the bell; the next appointment clears it', async () => {
    const w = await createVendor(t);
    const p = await createProduct(t, w.vendorId, w.userId);
    await fund(t, w.vendorId, 1_000_000);
    const own = await createSubAccount(t, w.vendorId, [11, [12, 1], 127]);
    const a = await accepted(w.token, p);
    const b = await accepted(own.token, p);
    const fine = await accepted(w.token, p);
    await subscribe(w.token, ['order.appointment_failed']);
    expect((await act(a, 'appointmentFailed', {})).body).toMatchObject({ code: 400, msg: APPOINTMENT_MSG.failReasonRequired });
    expect((await act(a, 'appointmentFailed', { failReason: 'other' })).body).toMatchObject({ code: 400, msg: APPOINTMENT_MSG.failNoteRequired });
    await mustAct(a, 'appointmentFailed', { failReason: 'no_answer' });
    expect(await row(a)).toMatchObject({ status: 300, node: 340, appoint_fail_reason: 'no_answer' });
    // from 待施工 too: the window no longer holds
    await mustAct(b, 'appointment', { appointDate: shanghaiDate(3), appointSlot: 'am' });
    await mustAct(b, 'appointmentFailed', { failReason: 'goods_not_arrived', remarks: '物流延误' });
    expect(await row(b)).toMatchObject({ status: 300, node: 340, door_time: null, appoint_slot: null, sla_stage: 'appointment' });
    expect((await view(b, w.token)).data).toMatchObject({ window: null, failure: { reason: 'goods_not_arrived', reasonName: '货未到', note: '物流延误' } });
    // the list filter, within the data scope
    const failed = async (token: string) => (await get(t, API.orderList, { token, query: { appointment: 'failed' } })).body;
    expect((await failed(w.token)).rows.map((o: { id: number }) => o.id)).toEqual([b, a]);
    expect((await failed(w.token)).total).toBe(2);
    expect((await failed(own.token)).rows.map((o: { id: number }) => o.id)).toEqual([b]);
    expect((await get(t, API.orderList, { token: w.token, query: { appointment: 'whatever' } })).body.total).toBe(3);
    expect((await get(t, API.orderList, { token: w.token, query: { appointment: 'failed', status: 300 } })).body.total).toBe(2);
    // the bell
    const bell = (await get(t, API.notifications, { token: w.token, query: { pageSize: 100, type: 'appointment_failed' } })).body;
    expect(bell.rows.map((n: { orderId: number }) => n.orderId).sort()).toEqual([a, b].sort());
    expect(bell.rows.find((n: { orderId: number }) => n.orderId === a).content).toContain('客户电话无人接听');
    // the webhook
    expect((await webhookData(w.vendorId, 'order.appointment_failed')).map((d) => [d.orderId, d.reason, d.reasonName, d.note]).sort()).toEqual(
      [[a, 'no_answer', '客户电话无人接听', ''], [b, 'goods_not_arrived', '货未到', '物流延误']].sort(),
    );
    // a new appointment clears the failure
    await mustAct(a, 'appointment', { appointDate: shanghaiDate(2), appointSlot: '10-12' });
    expect(await row(a)).toMatchObject({ status: 400, appoint_fail_reason: null });
    expect((await failed(w.token)).rows.map((o: { id: number }) => o.id)).toEqual([b]);
    // another vendor's order is not found
    expect((await view(a)).code).toBe(404);
    expect(fine).toBeGreaterThan(0);
  });
});

describe('the merchant’s reschedule request', () => {
  it('waits one at a time, is seen by the console and answered by its next appointment', async () => {
    const id = await accepted();
    await mustAct(id, 'appointment', { appointDate: shanghaiDate(2), appointSlot: '14-16' });
    const body = { orderId: id, appointDate: shanghaiDate(4), appointSlot: '18-20', reason: '客户周末才在家' };
    expect((await post(t, APPOINTMENT_API.reschedule, { ...body, appointDate: shanghaiDate(0) }, { token: v.token })).body).toMatchObject({ code: 400, msg: APPOINTMENT_MSG.rescheduleDateInvalid });
    // days that do not exist, though "…-32" of this month and "…-00" of the next sort inside the 30 days
    const thisMonth = shanghaiDate(0).slice(0, 7);
    const nextMonth = new Date(Date.UTC(+thisMonth.slice(0, 4), +thisMonth.slice(5, 7), 1)).toISOString().slice(0, 7);
    for (const appointDate of [`${thisMonth}-32`, `${nextMonth}-00`]) {
      expect((await post(t, APPOINTMENT_API.reschedule, { ...body, appointDate }, { token: v.token })).body, appointDate).toMatchObject({ code: 400, msg: APPOINTMENT_MSG.rescheduleDateInvalid });
    }
    expect((await post(t, APPOINTMENT_API.reschedule, { ...body, appointSlot: 'night' }, { token: v.token })).body).toMatchObject({ code: 400, msg: APPOINTMENT_MSG.rescheduleSlotRequired });
    expect((await post(t, APPOINTMENT_API.reschedule, { ...body, reason: ' ' }, { token: v.token })).body).toMatchObject({ code: 400, msg: APPOINTMENT_MSG.rescheduleReasonRequired });
    // five at once: one waits, the others are told so
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => post(t, APPOINTMENT_API.reschedule, body, { token: v.token })));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.msg === APPOINTMENT_MSG.reschedulePending)).toHaveLength(4);
    const listed = async (appointment: string) => (await get(t, PLATFORM_ORDER_API.list, { ...P(), query: { appointment, status: -1, pageSize: 200 } })).body.rows.map((o: { id: number }) => o.id);
    expect(await listed('pending')).toContain(id);
    const console = (await get(t, APPOINTMENT_API.platformView(id), P())).body.data;
    expect(console.requests).toEqual([expect.objectContaining({ by: 'merchant', byName: '商家', date: body.appointDate, slot: '18-20', reason: body.reason, state: 'pending', stateName: '待处理' })]);
    expect((await get(t, APPOINTMENT_API.platformView(id), { token: v.token })).body.code).toBe(403);
    await mustAct(id, 'changeTime', { appointDate: body.appointDate, appointSlot: '18-20' });
    expect((await view(id)).data.requests[0]).toMatchObject({ state: 'done', stateName: '已改约' });
    expect(await listed('pending')).not.toContain(id);
    expect((await post(t, APPOINTMENT_API.reschedule, body, { token: v.token })).body.code).toBe(200);
    // not before payment, and not another vendor's order
    const unpaid = await addOrder(t, v.token, [prod]);
    expect((await post(t, APPOINTMENT_API.reschedule, { ...body, orderId: unpaid }, { token: v.token })).body).toMatchObject({ code: 400, msg: APPOINTMENT_MSG.cannotReschedule });
    const other = await createVendor(t);
    expect((await post(t, APPOINTMENT_API.reschedule, { ...body, orderId: unpaid }, { token: other.token })).body.code).toBe(404);
  });
});

const backdateRules = () => t.db.updateTable('timeliness_credit_rules').set({ created_at: '2000-01-01T00:00:00.000Z' }).execute();
/** The running stage as if it had been set a day ago and fell due `minutes` ago (a promise missed, decision 289). */
const pastDue = (id: number, minutes = 1) =>
  t.db.updateTable('orders').set({ sla_due_at: new Date(Date.now() - minutes * 60_000).toISOString(), sla_set_at: new Date(Date.now() - DAY).toISOString() }).where('id', '=', id).execute();
const credits = (id: number) => t.db.selectFrom('timeliness_credits').selectAll().where('order_id', '=', id).execute();
const creditRecords = (id: number) => t.db.selectFrom('account_records').selectAll().where('order_id', '=', id).where('payment_type', '=', PAYMENT_TYPE.timelinessCredit).execute();

describe('timeliness credit rules', () => {
  it('are kept by the console only, one per service type and stage, with Chinese refusals', async () => {
    const rule = { serviceType: 3, stage: 'completion', promiseHours: 48, kind: 'fixed', amount: '15' };
    expect((await post(t, APPOINTMENT_API.rules, rule, { token: v.token })).body.code).toBe(403);
    expect((await post(t, APPOINTMENT_API.rules, { ...rule, amount: '0' }, P())).body).toMatchObject({ code: 400, msg: CREDIT_MSG.amountInvalid });
    expect((await post(t, APPOINTMENT_API.rules, { ...rule, amount: '1.234' }, P())).body).toMatchObject({ code: 400, msg: CREDIT_MSG.amountInvalid });
    expect((await post(t, APPOINTMENT_API.rules, { ...rule, promiseHours: 0 }, P())).body).toMatchObject({ code: 400, msg: CREDIT_MSG.promiseInvalid });
    expect((await post(t, APPOINTMENT_API.rules, { ...rule, stage: 'urgent' }, P())).body).toMatchObject({ code: 400, msg: CREDIT_MSG.urgentPromiseFixed });
    expect((await post(t, APPOINTMENT_API.rules, { ...rule, kind: 'share', percent: 10 }, P())).body).toMatchObject({ code: 400, msg: CREDIT_MSG.capInvalid });
    expect((await post(t, APPOINTMENT_API.rules, { ...rule, stage: 'nope' }, P())).body).toMatchObject({ code: 400, msg: CREDIT_MSG.stageRequired });
    let saved = (await post(t, APPOINTMENT_API.rules, rule, P())).body;
    expect(saved).toMatchObject({ code: 200, msg: CREDIT_MSG.saved });
    saved = (await post(t, APPOINTMENT_API.rules, { ...rule, kind: 'share', percent: 10, cap: 30 }, P())).body;
    const mine = saved.data.filter((r: { serviceType: number }) => r.serviceType === 3);
    expect(mine).toEqual([expect.objectContaining({ stage: 'completion', stageName: '待完工', promiseHours: 48, kind: 'share', percent: 10, cap: 30, amount: 0, creditText: '订单金额的10%，最多¥30.00' })]);
    expect((await get(t, APPOINTMENT_API.rules, { token: v.token })).body.code).toBe(403);
    expect((await post(t, APPOINTMENT_API.ruleRemove(mine[0].id), {}, P())).body).toMatchObject({ code: 200 });
    expect((await post(t, APPOINTMENT_API.ruleRemove(mine[0].id), {}, P())).body).toMatchObject({ code: 400, msg: CREDIT_MSG.ruleNotFound });
  });

  it('hold the orders of their service type to their promise from the next move on; others keep the platform target', async () => {
    const hoursToDue = async (id: number) => {
      const r = await row(id);
      return (Date.parse(r.sla_due_at!) - Date.parse(r.pay_time!)) / 3600_000;
    };
    const platformHours = await hoursToDue(await paid());
    const saved = (await post(t, APPOINTMENT_API.rules, { serviceType: 1, stage: 'accept', promiseHours: platformHours + 3, kind: 'fixed', amount: 5 }, P())).body;
    expect(saved.code).toBe(200);
    expect(await hoursToDue(await paid())).toBe(platformHours + 3);
    const ruleId = saved.data.find((r: { serviceType: number; stage: string }) => r.serviceType === 1 && r.stage === 'accept').id;
    expect((await post(t, APPOINTMENT_API.ruleRemove(ruleId), {}, P())).body.code).toBe(200);
    expect(await hoursToDue(await paid())).toBe(platformHours);
  });
});

describe('automatic timeliness credit', () => {
  beforeAll(async () => {
    // 安装 (the fixtures' orders): 待接单 missed → ¥20; 待上门 missed → 10% of the order, at most ¥5.
    expect((await post(t, APPOINTMENT_API.rules, { serviceType: 1, stage: 'accept', kind: 'fixed', amount: 20 }, P())).body.code).toBe(200);
    expect((await post(t, APPOINTMENT_API.rules, { serviceType: 1, stage: 'checkIn', promiseHours: 0, kind: 'share', percent: 10, cap: 5 }, P())).body.code).toBe(200);
    await backdateRules();
  });

  it('credits a missed stage once, with its ledger record, log line, notification, webhook and statement line', async () => {
    await subscribe(v.token, ['order.timeliness_credited']);
    const id = await paid();
    const before = await balanceOf(t, v.vendorId);
    await pastDue(id);
    // PostgreSQL: a second pool, so the sweeps really overlap (SQLite: the WORKERS=2 case below).
    const other = t.config.isPostgres ? await connectDatabase(t.config.DATABASE_URL) : { db: t.db };
    try {
      await Promise.all([sweepCredits(t.db), sweepCredits(other.db), sweepCredits(t.db), sweepCredits(other.db)]);
    } finally {
      if (other.db !== t.db) await other.db.destroy();
    }
    await sweepCredits(t.db);
    expect(await credits(id)).toEqual([expect.objectContaining({ stage: 'accept', amount_fen: 2000 })]);
    const recs = await creditRecords(id);
    expect(recs).toHaveLength(1);
    expect(recs[0]).toMatchObject({ change_type: 1, settled: 1, remarks: '时效赔付：待接单超时', operator: '系统' });
    expect(Number(recs[0]!.amount_fen)).toBe(2000);
    expect(await balanceOf(t, v.vendorId)).toBe(before + 2000);
    expect(await ledgerSum(t, v.vendorId)).toBe(await balanceOf(t, v.vendorId));
    const d = (await get(t, API.order(id), { token: v.token })).body.data;
    expect(d.omsOperateRecordList.map((l: { content: string }) => l.content).join('\n')).toContain('自动赔付¥20.00已转入账户余额');
    expect((await view(id)).data.credits).toEqual([expect.objectContaining({ stage: 'accept', stageName: '待接单', amount: 20, transactionFlowNo: recs[0]!.transaction_flow_no })]);
    const bell = (await get(t, API.notifications, { token: v.token, query: { pageSize: 100, type: 'timeliness_credited' } })).body;
    expect(bell.rows.filter((n: { orderId: number }) => n.orderId === id)).toHaveLength(1);
    expect((await webhookData(v.vendorId, 'order.timeliness_credited')).filter((d) => d.orderId === id)).toEqual([
      expect.objectContaining({ stage: 'accept', stageName: '待接单', amount: 20, recordId: recs[0]!.id }),
    ]);
    const month = toShanghai(new Date().toISOString()).slice(0, 7);
    const statement = (await get(t, STATEMENT_API.month(month), { token: v.token })).body.data;
    expect(statement.incomeLines.find((l: { paymentType: number }) => l.paymentType === PAYMENT_TYPE.timelinessCredit)).toMatchObject({ name: '时效赔付' });
    expect(statement.balanced).toBe(true);
  });

  it('credits a stage left after its due time with no sweep, by share with a cap, and never a cancelled order', async () => {
    const late = await accepted();
    await mustAct(late, 'appointment', { appointDate: shanghaiDate(1), appointSlot: '08-10' });
    await pastDue(late, 5);
    await mustAct(late, 'checkIn');
    const c = await credits(late);
    expect(c.map((x) => x.stage)).toEqual(['checkIn']);
    const realPay = Number((await row(late)).real_pay_fen);
    expect(Number(c[0]!.amount_fen)).toBe(Math.min(500, Math.floor(realPay / 10)));
    await sweepCredits(t.db);
    expect(await credits(late)).toHaveLength(1);
    // cancelled before its stage was due: its clock stopped, nothing is credited
    const id = await paid();
    expect((await post(t, API.orderCancel, { ids: [id], closeRemark: '客户不要了' }, { token: v.token })).body.code).toBe(200);
    expect(await row(id)).toMatchObject({ status: 800, sla_stage: null, sla_due_at: null });
    await sweepCredits(t.db, Date.now() + 30 * DAY);
    expect(await credits(id)).toEqual([]);
    expect(await creditRecords(id)).toEqual([]);
  });

  it('credits each missed stage once with WORKERS=2 sweeping every second', async () => {
    const ids = [await paid(), await paid()];
    for (const id of ids) await pastDue(id);
    const before = await balanceOf(t, v.vendorId);
    let server: WorkersServer | undefined;
    try {
      server = await startWorkersServer(t, { TIMELINESS_CREDIT_SWEEP_SECONDS: '1', SLA_SWEEP_SECONDS: '1' });
      const deadline = Date.now() + 40_000;
      while (Date.now() < deadline) {
        const done = await Promise.all(ids.map(async (id) => (await credits(id)).length));
        if (done.every((n) => n >= 1)) break;
        await new Promise((r) => setTimeout(r, 300));
      }
      await new Promise((r) => setTimeout(r, 2500)); // more rounds of both processes
    } finally {
      await server?.stop();
    }
    for (const id of ids) {
      expect(await credits(id)).toHaveLength(1);
      expect(await creditRecords(id)).toHaveLength(1);
    }
    expect(await balanceOf(t, v.vendorId)).toBe(before + 4000);
    expect(await ledgerSum(t, v.vendorId)).toBe(await balanceOf(t, v.vendorId));
  }, 120_000);
});

describe('the customer’s requests moved onto the reschedule model (decision 268)', () => {
  it('copies customer_reschedules rows as requests of source customer; the old table is dropped after', async () => {
    const id = await accepted();
    const at = new Date().toISOString();
    const dropped = await import('../../db/migrations/2026-12-29-080-customer-reschedules-dropped');
    const old = t.db as unknown as Kysely<any>;
    await dropped.down(old);
    await old.insertInto('customer_reschedules').values({ order_id: id, vendor_id: v.vendorId, wish_date: '2099-02-01', wish_slot: 'pm', reason: '出差', created_at: at }).execute();
    const { up } = await import('../../db/migrations/2026-12-29-070-customer-reschedules-moved');
    await up(old);
    await dropped.up(old);
    await expect(old.selectFrom('customer_reschedules').selectAll().execute()).rejects.toThrow();
    expect((await view(id)).data.requests).toEqual([expect.objectContaining({ by: 'customer', byName: '客户', date: '2099-02-01', slot: 'pm', reason: '出差', state: 'pending', requester: '客户' })]);
    // the console's next appointment answers it
    await mustAct(id, 'appointment', { appointDate: shanghaiDate(2), appointSlot: 'pm' });
    expect((await view(id)).data.requests[0]).toMatchObject({ state: 'done' });
  });
});
