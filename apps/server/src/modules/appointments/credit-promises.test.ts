import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { APPOINTMENT_API } from '@portal/domain/contract/appointments';
import { PAYMENT_TYPE } from '@portal/domain/enums';
import { createOperator, createVendor, post, startTestApp, type TestApp } from '../../../test/helper';
import { addOrder, createProduct, fund } from '../orders/orders.fixtures';
import { sweepCredits } from './timeliness-sweep';

// The automatic timeliness credit's texts (decision 257; review 2026-11-29 fees and time #5).

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
let prod: number;
const HOUR = 3600_000;
beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  op = await createOperator(t);
  prod = await createProduct(t, v.vendorId, v.userId);
  await fund(t, v.vendorId, 10_000_000);
  // 安装 (the fixtures' orders): 待接单 ¥20, 待上门 ¥5, 加急时效 ¥30 — rules that existed long before these orders.
  for (const [stage, amount] of [['accept', 20], ['checkIn', 5], ['urgent', 30]] as const) {
    expect((await post(t, APPOINTMENT_API.rules, { serviceType: 1, stage, kind: 'fixed', amount }, P())).body.code).toBe(200);
  }
  await t.db.updateTable('timeliness_credit_rules').set({ created_at: '2000-01-01T00:00:00.000Z' }).execute();
});
afterAll(async () => t?.close());

const P = () => ({ token: op.token, role: 'platform' });
const paid = async () => {
  const id = await addOrder(t, v.token, [prod]);
  expect((await post(t, API.orderPay(id), {}, { token: v.token })).body.code).toBe(200);
  return id;
};
const urgent = async (orderId: number, urgentType: 1 | 2, urgentPrice = 1) =>
  expect((await post(t, API.orderUrgent, { orderId, urgentType, urgentPrice }, { token: v.token })).body).toMatchObject({ code: 200 });
const row = (id: number) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const creditRecords = (id: number) => t.db.selectFrom('account_records').selectAll().where('order_id', '=', id).where('payment_type', '=', PAYMENT_TYPE.timelinessCredit).execute();
const logLines = async (id: number) => (await t.db.selectFrom('order_operate_records').select('content').where('order_id', '=', id).orderBy('id').execute()).map((l) => l.content);
/** The order as if `columns` had been written `hours` earlier (the time a test cannot wait for). */
const age = async (id: number, hours: number, columns = ['pay_time', 'sla_due_at']) => {
  const r = (await row(id)) as unknown as Record<string, string | null>;
  const set = Object.fromEntries(columns.filter((c) => r[c]).map((c) => [c, new Date(Date.parse(r[c]!) - hours * HOUR).toISOString()]));
  await t.db.updateTable('orders').set(set).where('id', '=', id).execute();
};

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
