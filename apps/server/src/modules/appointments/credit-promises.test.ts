import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { APPOINTMENT_API } from '@portal/domain/contract/appointments';
import { PAYMENT_TYPE } from '@portal/domain/enums';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { connectDatabase } from '../../db/connect';
import { toShanghai } from '../../lib/time';
import { createOperator, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { addOrder, balanceOf, createProduct, fund, ledgerSum } from '../orders/orders.fixtures';
import { sweepCredits } from './timeliness-sweep';

// A credit pays for a promise the platform made and missed (decisions 257, 258, 289; review 2026-11-29
// fees and time #1, #2, #3, #5): 加急 bought late runs its window from the fee, a window that had already
// ended when it was set is no promise, and the 加急 that leaves an overdue stage credits it — each with
// the sweep running at the same moment.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
let prod: number;
let masterId: number;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  op = await createOperator(t);
  prod = await createProduct(t, v.vendorId, v.userId);
  await fund(t, v.vendorId, 10_000_000);
  masterId = (await get(t, PLATFORM_ORDER_API.masters, { token: op.token, role: 'platform' })).body.data[0].id;
  // 安装 (the fixtures' orders): 待接单 ¥20, 待上门 ¥5, 加急时效 ¥30 — rules that existed long before these orders.
  for (const [stage, amount] of [['accept', 20], ['checkIn', 5], ['urgent', 30]] as const) {
    expect((await post(t, APPOINTMENT_API.rules, { serviceType: 1, stage, kind: 'fixed', amount }, P())).body.code).toBe(200);
  }
  await t.db.updateTable('timeliness_credit_rules').set({ created_at: '2000-01-01T00:00:00.000Z' }).execute();
});
afterAll(async () => t?.close());

const P = () => ({ token: op.token, role: 'platform' });
const mustAct = async (id: number, action: string, body: Record<string, unknown> = {}) =>
  expect((await post(t, PLATFORM_ORDER_API.action(id, action as never), body, P())).body, action).toMatchObject({ code: 200 });
const paid = async () => {
  const id = await addOrder(t, v.token, [prod]);
  expect((await post(t, API.orderPay(id), {}, { token: v.token })).body.code).toBe(200);
  return id;
};
const accepted = async () => {
  const id = await paid();
  await mustAct(id, 'dispatch', { masterId });
  await mustAct(id, 'accept');
  return id;
};
const urgent = async (orderId: number, urgentType: 1 | 2, urgentPrice = 1) =>
  expect((await post(t, API.orderUrgent, { orderId, urgentType, urgentPrice }, { token: v.token })).body).toMatchObject({ code: 200 });
const row = (id: number) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const credits = (id: number) => t.db.selectFrom('timeliness_credits').selectAll().where('order_id', '=', id).execute();
const creditRecords = (id: number) => t.db.selectFrom('account_records').selectAll().where('order_id', '=', id).where('payment_type', '=', PAYMENT_TYPE.timelinessCredit).execute();
const logLines = async (id: number) => (await t.db.selectFrom('order_operate_records').select('content').where('order_id', '=', id).orderBy('id').execute()).map((l) => l.content);
const shanghaiDate = (daysAhead: number) => toShanghai(new Date(Date.now() + daysAhead * DAY).toISOString()).slice(0, 10);
/** The order as if `columns` had been written `hours` earlier (the time a test cannot wait for). */
const age = async (id: number, hours: number, columns = ['pay_time', 'sla_due_at', 'sla_set_at']) => {
  const r = (await row(id)) as unknown as Record<string, string | null>;
  const set = Object.fromEntries(columns.filter((c) => r[c]).map((c) => [c, new Date(Date.parse(r[c]!) - hours * HOUR).toISOString()]));
  await t.db.updateTable('orders').set(set).where('id', '=', id).execute();
};
/** `move` with sweeps at the same moment (PostgreSQL: from a second pool too, so they really overlap). */
async function withSweeps(move: () => Promise<unknown>, now?: number) {
  const other = t.config.isPostgres ? await connectDatabase(t.config.DATABASE_URL) : { db: t.db };
  try {
    await Promise.all([move(), sweepCredits(t.db, now), sweepCredits(other.db, now), sweepCredits(t.db, now)]);
  } finally {
    if (other.db !== t.db) await other.db.destroy();
  }
}

describe('加急 bought after payment', () => {
  it('runs its window from the fee, so a ¥1 加急 on an order paid days ago buys no credit (#1)', async () => {
    // 待接单 and 待预约, paid two days ago (their running stages not due yet)
    const waiting = await paid();
    const booked = await accepted();
    for (const id of [waiting, booked]) await age(id, 48, ['pay_time']);
    const before = Date.now();
    await withSweeps(() => Promise.all([urgent(waiting, 1), urgent(booked, 2)]));
    await sweepCredits(t.db);
    for (const [id, hours] of [[waiting, 12], [booked, 24]] as const) {
      expect(await credits(id)).toEqual([]);
      expect(await creditRecords(id)).toEqual([]);
      const r = await row(id);
      expect(r.sla_stage).toBe('urgent');
      expect(Date.parse(r.sla_due_at!)).toBeGreaterThanOrEqual(before + hours * HOUR);
      expect(Date.parse(r.sla_due_at!)).toBeLessThan(Date.now() + hours * HOUR);
    }
    // the window it bought is a promise: missed, it is credited once
    await sweepCredits(t.db, Date.now() + 13 * HOUR);
    expect((await credits(waiting)).map((c) => [c.stage, Number(c.amount_fen)])).toEqual([['urgent', 3000]]);
    expect(await credits(booked)).toEqual([]);
    expect(await ledgerSum(t, v.vendorId)).toBe(await balanceOf(t, v.vendorId));
  });

  it('credits the 待接单 stage it leaves overdue, once, with or without a sweep at the same moment (#3)', async () => {
    // paid three hours ago: 待接单 (2 h) was due an hour ago, and no sweep came
    const alone = await paid();
    await age(alone, 3);
    const balance = await balanceOf(t, v.vendorId);
    await urgent(alone, 1, 10);
    expect((await credits(alone)).map((c) => [c.stage, Number(c.amount_fen)])).toEqual([['accept', 2000]]);
    expect(await creditRecords(alone)).toHaveLength(1);
    expect(await balanceOf(t, v.vendorId)).toBe(balance + 2000 - 1000);
    expect((await row(alone)).sla_stage).toBe('urgent');
    const raced = [await paid(), await paid(), await paid()];
    for (const id of raced) await age(id, 3);
    await withSweeps(() => Promise.all(raced.map((id) => urgent(id, 2, 10))));
    await sweepCredits(t.db);
    for (const id of raced) {
      expect((await credits(id)).map((c) => c.stage)).toEqual(['accept']);
      expect(await creditRecords(id)).toHaveLength(1);
      expect((await logLines(id)).filter((l) => l.includes('自动赔付'))).toHaveLength(1);
    }
    expect(await ledgerSum(t, v.vendorId)).toBe(await balanceOf(t, v.vendorId));
    // a share is of what the order cost when its stage was missed, not of the 加急 fee that ends it
    const share = async (rule: Record<string, unknown>) => expect((await post(t, APPOINTMENT_API.rules, { serviceType: 1, stage: 'accept', ...rule }, P())).body.code).toBe(200);
    await share({ kind: 'share', percent: 50, cap: 10_000 });
    const shared = await paid();
    await age(shared, 3);
    const before = Number((await row(shared)).real_pay_fen);
    await urgent(shared, 1, 500);
    expect((await credits(shared)).map((c) => Number(c.amount_fen))).toEqual([Math.floor(before / 2)]);
    expect(Number((await row(shared)).real_pay_fen)).toBe(before + 50_000);
    await share({ kind: 'fixed', amount: 20 });
  });
});

describe('an appointment window that had ended when it was set', () => {
  it('is no promise: neither the sweep nor the move leaving it credits 待上门 (#2)', async () => {
    const late = await accepted();
    const typo = await accepted();
    await withSweeps(() =>
      Promise.all([
        mustAct(late, 'appointment', { appointDate: shanghaiDate(-1), appointSlot: '14-16' }),
        mustAct(typo, 'appointment', { appointDate: shanghaiDate(-1), appointSlot: 'am' }),
      ]),
    );
    await sweepCredits(t.db);
    expect(await credits(late)).toEqual([]);
    expect(await credits(typo)).toEqual([]);
    // the console's late entry is checked in; the typo is corrected to a window ahead
    await withSweeps(() => Promise.all([mustAct(late, 'checkIn'), mustAct(typo, 'changeTime', { appointDate: shanghaiDate(3), appointSlot: '14-16' })]));
    await sweepCredits(t.db);
    expect(await credits(late)).toEqual([]);
    expect(await credits(typo)).toEqual([]);
    expect(await creditRecords(typo)).toEqual([]);
    // a window that was ahead when it was set and then passed is missed: the move leaving it credits it
    await age(typo, 4 * 24, ['sla_due_at', 'sla_set_at']);
    await withSweeps(() => mustAct(typo, 'changeTime', { appointDate: shanghaiDate(1), appointSlot: 'pm' }));
    expect((await credits(typo)).map((c) => [c.stage, Number(c.amount_fen)])).toEqual([['checkIn', 500]]);
  });
});

describe('the credit line', () => {
  it('names the stage once: 平台加急时效超时, 平台待接单时效超时 (#5)', async () => {
    const id = await paid();
    await urgent(id, 1);
    await sweepCredits(t.db, Date.now() + 13 * HOUR);
    const urgentLine = (await logLines(id)).find((l) => l.includes('自动赔付'));
    expect(urgentLine).toMatch(/^平台加急时效超时（应于 .+ 前完成），自动赔付¥30\.00已转入账户余额$/);
    expect((await creditRecords(id))[0]).toMatchObject({ remarks: '时效赔付：加急时效超时' });
    const other = await paid();
    await age(other, 3);
    await sweepCredits(t.db);
    expect((await logLines(other)).find((l) => l.includes('自动赔付'))).toMatch(/^平台待接单时效超时（应于 .+ 前完成），自动赔付¥20\.00已转入账户余额$/);
  });
});

describe('the sweep', () => {
  it('goes past orders whose credit comes to ¥0: they do not hold back the orders after them', async () => {
    // 维修: 10 % of what the order cost, rule made long ago; three 维修 orders that cost nothing, overdue longest
    expect((await post(t, APPOINTMENT_API.rules, { serviceType: 2, stage: 'accept', kind: 'share', percent: 10, cap: 30 }, P())).body.code).toBe(200);
    await t.db.updateTable('timeliness_credit_rules').set({ created_at: '2000-01-01T00:00:00.000Z' }).execute();
    const free = [await paid(), await paid(), await paid()];
    await t.db.updateTable('orders').set({ service_type: 2, real_pay_fen: 0 }).where('id', 'in', free).execute();
    for (const id of free) await age(id, 30 * 24);
    const owed = await paid();
    await age(owed, 13);
    // batches of two: the first two are all ¥0
    expect(await sweepCredits(t.db, Date.now(), 20, 2)).toBeGreaterThanOrEqual(1);
    expect((await credits(owed)).map((c) => [c.stage, Number(c.amount_fen)])).toEqual([['accept', 2000]]);
    for (const id of free) expect(await credits(id)).toEqual([]);
  });
});
