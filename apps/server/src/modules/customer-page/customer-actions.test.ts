import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_API, CUSTOMER_MSG } from '@portal/domain/customer-page';
import { startTestApp, type TestApp } from '../../../test/helper';
import { customerCall, customerWorld, dispatchedOrder, linkTokenFor, mustAct, type World } from './customer-page.fixtures';

// The customer's reschedule on both engines (review customer #3; decision 294): only real calendar days.

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await startTestApp();
  w = await customerWorld(t, '美的空调售后');
}, 60_000);
afterAll(async () => t?.close());

/** An order at 待施工 with its link's token. */
async function booked() {
  const o = await dispatchedOrder(t, w);
  const token = await linkTokenFor(t, o.phone);
  await mustAct(t, w, o.id, 'accept');
  await mustAct(t, w, o.id, 'appointment', { doorTime: '2099-01-01 15:30:00' });
  return { ...o, token };
}

/** Shanghai's today as [year, month]. */
const shanghaiMonth = () => {
  const d = new Date(Date.now() + 8 * 3600_000);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1] as const;
};
const ymd = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

describe('the customer’s reschedule request', () => {
  it('refuses days that do not exist, though their text sorts between tomorrow and 30 days ahead', async () => {
    const o = await booked();
    const [y, m] = shanghaiMonth();
    const next = m === 12 ? [y + 1, 1] : [y, m + 1];
    // "…-32" of this month and "…-00" of the next sort after today and before the 30th day ahead.
    for (const date of [ymd(y, m, 32), ymd(next[0]!, next[1]!, 0), ymd(next[0]!, next[1]!, 99)]) {
      const r = await customerCall(t, 'POST', CUSTOMER_API.reschedule, o.token, { date, slot: 'am', reason: '出差' });
      expect(r.body, date).toMatchObject({ code: 400, msg: CUSTOMER_MSG.rescheduleDateInvalid });
    }
    const stored = await t.db.selectFrom('appointment_reschedules').select('wish_date').where('order_id', '=', o.id).execute();
    expect(stored).toEqual([]);
    const tomorrow = new Date(Date.now() + 86400_000 + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await customerCall(t, 'POST', CUSTOMER_API.reschedule, o.token, { date: tomorrow, slot: 'am', reason: '出差' })).body).toMatchObject({ code: 200, msg: CUSTOMER_MSG.rescheduleSent });
  });
});
