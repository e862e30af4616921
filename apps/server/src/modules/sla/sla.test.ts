import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, PLATFORM_API } from '@portal/domain/api-paths';
import { DEFAULT_SLA_TARGETS, SLA_MSG } from '@portal/domain/sla';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { connectDatabase } from '../../db/connect';
import { fromShanghai } from '../../lib/time';
import { createOperator, createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { startWorkersServer, type WorkersServer } from '../../../test/spawn-server';
import { addOrder, createProduct, fund } from '../orders/orders.fixtures';
import { SAMPLE, upload } from '../../../test/upload';
import { sweepBreaches } from './sla.repository';

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
let prod: number;
let masterId: number;
const H = 3600_000;
beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  op = await createOperator(t);
  prod = await createProduct(t, v.vendorId, v.userId);
  await fund(t, v.vendorId, 10_000_000);
  masterId = (await get(t, PLATFORM_ORDER_API.masters, { token: op.token, role: 'platform' })).body.data[0].id;
});
afterAll(async () => t.close());

const P = () => ({ token: op.token, role: 'platform' });
const act = async (id: number, action: string, body: Record<string, unknown> = {}) => {
  const r = await post(t, PLATFORM_ORDER_API.action(id, action as any), body, P());
  expect(r.body, action).toMatchObject({ code: 200 });
};
const detail = async (id: number, token = v.token) => (await get(t, API.order(id), { token })).body.data;
const row = (id: number) => t.db.selectFrom('orders').select(['sla_stage', 'sla_due_at', 'sla_breached', 'sla_breaches', 'pay_time', 'receiving_time']).where('id', '=', id).executeTakeFirstOrThrow();
const paid = async (patch: Record<string, unknown> = {}, token = v.token) => {
  const id = await addOrder(t, token, [prod], patch);
  expect((await post(t, API.orderPay(id), {}, { token })).body.code).toBe(200);
  return id;
};
const hoursBetween = (a: string, b: string) => (Date.parse(a) - Date.parse(b)) / H;
const breachLines = (id: number) => t.db.selectFrom('order_operate_records').select(['content']).where('order_id', '=', id).where('relevance_type', '=', 'sla_breach').execute();
const pastDue = (id: number, minutes = 1) => t.db.updateTable('orders').set({ sla_due_at: new Date(Date.now() - minutes * 60_000).toISOString() }).where('id', '=', id).execute();

describe('due times', () => {
  it('runs each stage of a normal order against its target, and none while the order waits on the vendor', async () => {
    const id = await paid();
    let r = await row(id);
    expect(r.sla_stage).toBe('accept');
    expect(hoursBetween(r.sla_due_at!, r.pay_time!)).toBe(2);
    const d = await detail(id);
    expect(d.sla).toMatchObject({ stage: 'accept', stageName: '待接单', overdue: false, breaches: 0 });
    expect(fromShanghai(d.sla.dueAt)).toBe(r.sla_due_at!.replace(/\.\d{3}Z$/, '.000Z'));
    // the list answers the same sla
    const listed = (await get(t, API.orderList, { token: v.token })).body.rows.find((o: any) => o.id === id);
    expect(listed.sla).toEqual(d.sla);
    await act(id, 'dispatch', { masterId });
    expect((await row(id)).sla_due_at).toBe(r.sla_due_at);
    await act(id, 'accept');
    r = await row(id);
    expect(r.sla_stage).toBe('appointment');
    expect(hoursBetween(r.sla_due_at!, r.receiving_time!)).toBeCloseTo(24, 2);
    // check-in is due at the end of the appointment window (issue 46): 15:30 falls in 14:00–16:00
    await act(id, 'appointment', { doorTime: '2099-01-01 15:30:00' });
    expect(await row(id)).toMatchObject({ sla_stage: 'checkIn', sla_due_at: fromShanghai('2099-01-01 16:00:00') });
    await act(id, 'changeTime', { appointDate: '2099-01-02', appointSlot: 'am' });
    expect(await row(id)).toMatchObject({ sla_stage: 'checkIn', sla_due_at: fromShanghai('2099-01-02 12:00:00') });
    const before = Date.now();
    await act(id, 'checkIn');
    r = await row(id);
    expect(r.sla_stage).toBe('completion');
    expect(Math.abs(Date.parse(r.sla_due_at!) - before - 72 * H)).toBeLessThan(5000);
    await act(id, 'requestParts', { applyAccessories: '遥控器' });
    expect(await row(id)).toMatchObject({ sla_stage: 'completion', sla_due_at: r.sla_due_at });
    // completion requested: the vendor's turn, nothing runs against the platform
    const material = (await get(t, API.applicationLast(id), { token: v.token })).body.data;
    expect((await post(t, API.submissionAdd, { orderId: id, materialSubmissionId: material.id, company: '中通快递', trackingNum: 'ZT9' }, { token: v.token })).body.code).toBe(200);
    await act(id, 'partsArrived');
    expect((await row(id)).sla_due_at).toBe(r.sla_due_at);
    await act(id, 'requestCompletion', { pictures: [{ fileUrl: (await upload(t, op.token, { name: 'p.png', content: SAMPLE.png }, 'order', { platform: true })).body.data!.fileUrl }], visitOverride: '客户不在场' });
    expect(await row(id)).toMatchObject({ sla_stage: null, sla_due_at: null });
    expect((await detail(id)).sla).toEqual({ stage: null, stageName: '', dueAt: '', overdue: false, breaches: 0 });
  });

  it('holds urgent orders to their 12 h / 24 h window from when it was bought to completion', async () => {
    const a = await paid({ urgentFlag: '1', urgentType: 1, urgentPrice: 10 });
    const b = await paid({ urgentFlag: '1', urgentType: 2, urgentPrice: 10 });
    const ra = await row(a);
    expect(ra.sla_stage).toBe('urgent');
    expect(hoursBetween(ra.sla_due_at!, ra.pay_time!)).toBe(12);
    const rb = await row(b);
    expect(hoursBetween(rb.sla_due_at!, rb.pay_time!)).toBe(24);
    await act(a, 'dispatch', { masterId });
    await act(a, 'accept');
    await act(a, 'appointment', { doorTime: '2099-01-01 15:30:00' });
    await act(a, 'checkIn');
    expect(await row(a)).toMatchObject({ sla_stage: 'urgent', sla_due_at: ra.sla_due_at });
    expect((await detail(a)).sla.stageName).toBe('加急时效');
    // sent back to work by 完工审核驳回: a new urgent stage, its window from then (decision 289)
    const pic = (await upload(t, op.token, { name: 'p.png', content: SAMPLE.png }, 'order', { platform: true })).body.data!.fileUrl;
    await act(a, 'requestCompletion', { pictures: [{ fileUrl: pic }], visitOverride: '客户不在场' });
    expect(await row(a)).toMatchObject({ sla_stage: null, sla_due_at: null });
    const sentBack = Date.now();
    await act(a, 'rejectCompletion', { remarks: '返工' });
    const back = await row(a);
    expect(back.sla_stage).toBe('urgent');
    expect(Date.parse(back.sla_due_at!) - sentBack - 12 * H).toBeGreaterThanOrEqual(0);
    expect(Date.parse(back.sla_due_at!) - sentBack - 12 * H).toBeLessThan(5000);
    // made urgent after payment: the window runs from the fee (decision 289)
    const c = await paid();
    const bought = Date.now();
    expect((await post(t, API.orderUrgent, { orderId: c, urgentType: 1, urgentPrice: 10 }, { token: v.token })).body.code).toBe(200);
    const rc = await row(c);
    expect(rc.sla_stage).toBe('urgent');
    expect(Date.parse(rc.sla_due_at!) - bought - 12 * H).toBeGreaterThanOrEqual(0);
    expect(Date.parse(rc.sla_due_at!) - bought - 12 * H).toBeLessThan(5000);
  });

  it('uses the console targets for stages started after an edit', async () => {
    expect((await get(t, PLATFORM_API.slaTargets, P())).body.data).toEqual(DEFAULT_SLA_TARGETS);
    expect((await get(t, PLATFORM_API.slaTargets, { token: v.token })).body.code).toBe(403);
    expect((await post(t, PLATFORM_API.slaTargets, { ...DEFAULT_SLA_TARGETS, acceptHours: 0 }, P())).body).toMatchObject({ code: 400, msg: SLA_MSG.hoursInvalid });
    expect((await post(t, PLATFORM_API.slaTargets, { ...DEFAULT_SLA_TARGETS, soonMinutes: 'x' }, P())).body).toMatchObject({ code: 400, msg: SLA_MSG.soonInvalid });
    const saved = await post(t, PLATFORM_API.slaTargets, { ...DEFAULT_SLA_TARGETS, acceptHours: 3 }, P());
    expect(saved.body).toMatchObject({ code: 200, data: { acceptHours: 3 } });
    const id = await paid();
    const r = await row(id);
    expect(hoursBetween(r.sla_due_at!, r.pay_time!)).toBe(3);
    await post(t, PLATFORM_API.slaTargets, DEFAULT_SLA_TARGETS, P());
  });
});

describe('breaches and the list', () => {
  it('records a breach once per stage in the log, and again for the next stage', async () => {
    const id = await paid();
    await pastDue(id);
    expect((await detail(id)).sla).toMatchObject({ stage: 'accept', overdue: true });
    await sweepBreaches(t.db);
    await sweepBreaches(t.db);
    let lines = await breachLines(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.content).toContain('待接单已超时');
    expect(await row(id)).toMatchObject({ sla_breached: 1, sla_breaches: 1 });
    expect((await detail(id)).omsOperateRecordList[0]).toMatchObject({ relevanceType: 'sla_breach', operator: '系统' });
    // the next stage starts clean, and its own breach is recorded once
    await act(id, 'dispatch', { masterId });
    await act(id, 'accept');
    expect(await row(id)).toMatchObject({ sla_stage: 'appointment', sla_breached: 0, sla_breaches: 1 });
    await pastDue(id);
    await Promise.all([sweepBreaches(t.db), sweepBreaches(t.db), sweepBreaches(t.db)]);
    lines = await breachLines(id);
    expect(lines).toHaveLength(2);
    expect((await detail(id)).sla).toMatchObject({ stage: 'appointment', overdue: true, breaches: 2 });
  });

  it('filters 已超时 / 即将超时 in the list and counts them for the home tile, within the data scope', async () => {
    const w = await createVendor(t);
    const p = await createProduct(t, w.vendorId, w.userId);
    await fund(t, w.vendorId, 1_000_000);
    const own = await createSubAccount(t, w.vendorId, [11, [12, 1], 127]);
    const mk = async (token: string) => {
      const id = await addOrder(t, token, [p]);
      expect((await post(t, API.orderPay(id), {}, { token })).body.code).toBe(200);
      return id;
    };
    const late = await mk(w.token);
    const soon = await mk(w.token);
    const fine = await mk(w.token);
    const lateOwn = await mk(own.token);
    await pastDue(late, 30);
    await pastDue(lateOwn, 5);
    await t.db.updateTable('orders').set({ sla_due_at: new Date(Date.now() + 20 * 60_000).toISOString() }).where('id', '=', soon).execute();
    const ids = async (sla: string, token = w.token) => (await get(t, API.orderList, { token, query: { sla } })).body;
    expect(await ids('overdue')).toMatchObject({ total: 2, rows: [expect.objectContaining({ id: lateOwn, sla: expect.objectContaining({ overdue: true }) }), expect.objectContaining({ id: late })] });
    expect(await ids('soon')).toMatchObject({ total: 1, rows: [expect.objectContaining({ id: soon, sla: expect.objectContaining({ overdue: false }) })] });
    expect((await ids('')).total).toBe(4);
    expect((await ids('whatever')).total).toBe(4);
    expect((await ids('overdue', own.token)).rows.map((o: any) => o.id)).toEqual([lateOwn]);
    // with a keyword and a status too
    const kw = (await get(t, API.orderList, { token: w.token, query: { sla: 'overdue', status: 200, keyWords: '李雷' } })).body;
    expect(kw.rows.map((o: any) => o.id).sort()).toEqual([late, lateOwn].sort());
    expect((await get(t, API.slaSummary, { token: w.token })).body.data).toEqual({ overdue: 2, soon: 1 });
    expect((await get(t, API.slaSummary, { token: own.token })).body.data).toEqual({ overdue: 1, soon: 0 });
    expect(fine).toBeGreaterThan(0);
  });
});

describe('the sweep with several processes', () => {
  it('records each breach once when two sweeps race on their own connections', async () => {
    const ids = [await paid(), await paid(), await paid()];
    for (const id of ids) await pastDue(id);
    // PostgreSQL: a second pool, so the sweeps really overlap. SQLite: one process holds one
    // connection (a second one would block the event loop waiting for the lock); the WORKERS=2 case below
    // is its race between processes.
    const other = t.config.isPostgres ? await connectDatabase(t.config.DATABASE_URL) : { db: t.db };
    try {
      const counts = await Promise.all([sweepBreaches(t.db), sweepBreaches(other.db), sweepBreaches(t.db), sweepBreaches(other.db)]);
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
    } finally {
      if (other.db !== t.db) await other.db.destroy();
    }
    for (const id of ids) expect(await breachLines(id)).toHaveLength(1);
  });

  it('finds breaches with no request arriving, once, with WORKERS=2', async () => {
    const ids = [await paid(), await paid()];
    for (const id of ids) await pastDue(id);
    let server: WorkersServer | undefined;
    try {
      server = await startWorkersServer(t, { SLA_SWEEP_SECONDS: '1' });
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const done = await Promise.all(ids.map(async (id) => (await breachLines(id)).length));
        if (done.every((n) => n >= 1)) break;
        await new Promise((r) => setTimeout(r, 300));
      }
      await new Promise((r) => setTimeout(r, 2500)); // more rounds of both processes
      for (const id of ids) expect(await breachLines(id)).toHaveLength(1);
      const n = await t.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('c')).where('type', '=', 'order_overdue').where('order_id', 'in', ids).executeTakeFirstOrThrow();
      expect(Number(n.c)).toBe(2);
    } finally {
      await server?.stop();
    }
  }, 120_000);
});
