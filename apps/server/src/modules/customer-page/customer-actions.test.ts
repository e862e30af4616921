import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { CUSTOMER_API, CUSTOMER_MSG } from '@portal/domain/customer-page';
import { get, startTestApp, type TestApp } from '../../../test/helper';
import { completedOrder, customerCall, customerWorld, dispatchedOrder, linkTokenFor, mustAct, type World } from './customer-page.fixtures';

// The customer's confirm, reschedule and rate on both engines (review customer #3, #4, #6; decision 294):
// only real calendar days, one log line per confirmation under parallel taps, tags from the score's list.

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
const logOf = async (id: number) => (await get(t, API.order(id), { token: w.v.token })).body.data.omsOperateRecordList as Array<{ content: string }>;

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

describe('confirming the door time', () => {
  it('writes one log line however many taps arrive at once (5 parallel, 4 rounds)', async () => {
    for (let round = 0; round < 4; round++) {
      const o = await booked();
      const answers = await Promise.all(Array.from({ length: 5 }, () => customerCall(t, 'POST', CUSTOMER_API.confirm, o.token)));
      expect(answers.map((a) => a.body.msg)).toEqual(Array(5).fill(CUSTOMER_MSG.confirmed));
      const lines = (await logOf(o.id)).filter((l) => l.content.startsWith('客户已确认上门时间'));
      expect(lines, `round ${round}`).toHaveLength(1);
      // a new time asks again: the next confirmation is logged once more
      await mustAct(t, w, o.id, 'changeTime', { doorTime: '2099-01-02 10:00:00' });
      await Promise.all(Array.from({ length: 5 }, () => customerCall(t, 'POST', CUSTOMER_API.confirm, o.token)));
      expect((await logOf(o.id)).filter((l) => l.content.startsWith('客户已确认上门时间')).map((l) => l.content).sort()).toEqual([
        '客户已确认上门时间 2099-01-01 14:00–16:00',
        '客户已确认上门时间 2099-01-02 10:00–12:00',
      ]);
    }
  });
});

describe('rating tags', () => {
  it('come from the score’s list: praise for 4–5 stars, complaints for 1–3', async () => {
    const o = await completedOrder(t, w);
    const token = await linkTokenFor(t, o.phone);
    const rate = (body: Record<string, unknown>) => customerCall(t, 'POST', CUSTOMER_API.rate, token, body);
    for (const body of [
      { score: 1, tags: ['乱收费', '服务专业'] },
      { score: 2, tags: ['准时上门'] },
      { score: 3, tags: ['态度热情'] },
      { score: 4, tags: ['迟到'] },
      { score: 5, tags: ['准时上门', '问题未解决'] },
    ]) expect((await rate(body)).body, JSON.stringify(body)).toMatchObject({ code: 400, msg: CUSTOMER_MSG.tagNotForScore });
    expect(await t.db.selectFrom('order_ratings').select('order_id').where('order_id', '=', o.id).execute()).toEqual([]);
    expect((await rate({ score: 2, tags: ['乱收费', '迟到'], comment: '迟到一小时' })).body).toMatchObject({ code: 200, msg: CUSTOMER_MSG.rated });
    const stored = await t.db.selectFrom('order_ratings').select(['score', 'tags']).where('order_id', '=', o.id).executeTakeFirstOrThrow();
    expect({ score: stored.score, tags: JSON.parse(stored.tags) }).toEqual({ score: 2, tags: ['乱收费', '迟到'] });
  });
});
