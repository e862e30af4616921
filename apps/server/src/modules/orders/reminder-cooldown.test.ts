import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { REMINDER_COOLDOWN_MINUTES, remindTooSoonMsg } from '@portal/domain/orders';
import { createSubAccount, createVendor, post, startTestApp, type TestApp } from '../../../test/helper';
import { addOrder, createProduct, fund } from './orders.fixtures';

// Decision 298: one 催单 per order in 10 minutes, whoever sends it; a second is refused with when the next
// one is possible. Ten at once on one order: exactly one is accepted (the order's lock, decision 292).

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let product: number;
const ROUNDS = 6;

const remind = (orderId: number, n: number, token = v.token) => post(t, API.orderReminder, { orderId, reminderContent: `请尽快上门${n}` }, { token });
const reminders = (orderId: number) => t.db.selectFrom('order_reminders').select(['id', 'created_at']).where('order_id', '=', orderId).execute();
const reminderLogs = async (orderId: number) =>
  (await t.db.selectFrom('order_operate_records').select('relevance_type').where('order_id', '=', orderId).execute()).filter((l) => l.relevance_type === 'reminder');
async function paidOrder() {
  const id = await addOrder(t, v.token, [product]);
  expect((await post(t, API.orderPay(id), {}, { token: v.token })).body.code).toBe(200);
  return id;
}
/** Moves the order's reminders `minutes` into the past, as if they had been sent then. */
const backdate = (orderId: number, minutes: number) =>
  t.db.updateTable('order_reminders').set({ created_at: new Date(Date.now() - minutes * 60_000).toISOString() }).where('order_id', '=', orderId).execute();

beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  product = await createProduct(t, v.vendorId, v.userId);
  await fund(t, v.vendorId, 10_000_000);
});
afterAll(async () => t.close());

describe('催单 cooldown (decision 298)', () => {
  it('refuses a second 催单 of the order within 10 minutes, saying when the next is possible; another order is not held up', async () => {
    const id = await paidOrder();
    expect((await remind(id, 1)).body).toMatchObject({ code: 200, msg: MSG.remindOk });
    expect((await remind(id, 2)).body).toEqual({ code: 400, msg: remindTooSoonMsg(REMINDER_COOLDOWN_MINUTES), data: null });
    // A sub-account of the same merchant is held to the same order's window.
    const sub = await createSubAccount(t, v.vendorId, [[12, 0], 121, 122, 123, 124, 125, 126, 127, 128]);
    expect((await remind(id, 3, sub.token)).body).toMatchObject({ code: 400, msg: remindTooSoonMsg(REMINDER_COOLDOWN_MINUTES) });
    // Another order of the same merchant is not.
    expect((await remind(await paidOrder(), 4)).body).toMatchObject({ code: 200 });

    await backdate(id, 7.5);
    expect((await remind(id, 5)).body).toMatchObject({ code: 400, msg: remindTooSoonMsg(3) });
    await backdate(id, 9.99);
    expect((await remind(id, 6)).body).toMatchObject({ code: 400, msg: remindTooSoonMsg(1) });
    expect(await reminders(id)).toHaveLength(1);
    expect(await reminderLogs(id)).toHaveLength(1);

    await backdate(id, REMINDER_COOLDOWN_MINUTES);
    expect((await remind(id, 7)).body).toMatchObject({ code: 200, msg: MSG.remindOk });
    expect(await reminders(id)).toHaveLength(2);
    expect(await reminderLogs(id)).toHaveLength(2);
  });

  it('the state refusal still comes first: an unpaid order is not told to wait', async () => {
    const id = await addOrder(t, v.token, [product]);
    const r = await remind(id, 1);
    expect(r.body.code).toBe(400);
    expect(r.body.msg).not.toContain('分钟后再催');
  });

  it('ten 催单 of one order at once: exactly one is accepted, one reminder and one log line (6 rounds)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await paidOrder();
      const replies = await Promise.all(Array.from({ length: 10 }, (_, n) => remind(id, n)));
      for (const r of replies) {
        expect(r.status).toBe(200);
        if (r.body.code !== 200) expect(r.body, `round ${round}`).toMatchObject({ code: 400, msg: remindTooSoonMsg(REMINDER_COOLDOWN_MINUTES) });
      }
      expect(replies.filter((r) => r.body.code === 200), `round ${round}`).toHaveLength(1);
      expect(await reminders(id)).toHaveLength(1);
      expect(await reminderLogs(id)).toHaveLength(1);
    }
  }, 120_000);
});
