import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { CUSTOMER_API, CUSTOMER_MSG, LINK_SMS_PER_DAY } from '@portal/domain/customer-page';
import { get, nextPhone, post, startTestApp, type TestApp } from '../../../test/helper';
import { publicUrlOf } from '../../config';
import { REGION } from '../orders/orders.fixtures';
import { sendPendingLinks } from './link-sender';
import { completedOrder, customerWorld, dispatchedOrder, linkTokenFor, mustAct, type World } from './customer-page.fixtures';

// Decision 298: every text of an order's link counts (the first send, 重新发送, the send after 修改客户信息),
// at most LINK_SMS_PER_DAY a Shanghai day; 重新发送 past it is refused, the automatic send waits for the
// merchant and the card says why. A re-send after the 30 days names the expiry. Both engines, in parallel.

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '0', PUBLIC_URL: 'https://portal.example.com' });
  w = await customerWorld(t, '美的空调售后');
}, 60_000);
afterAll(async () => t?.close());

const send = () => sendPendingLinks(t.db, t.app.sms, publicUrlOf(t.config));
const resend = (id: number) => post(t, CUSTOMER_API.resend(id), {}, { token: w.v.token });
const revoke = (id: number) => post(t, CUSTOMER_API.revoke(id), {}, { token: w.v.token });
const service = async (id: number) => (await get(t, CUSTOMER_API.service(id), { token: w.v.token })).body.data;
const modify = (id: number, phone: string) => post(t, API.orderCustomerModify, { orderId: id, realName: '张三', phone, ...REGION, detailAddress: '虹桥路1号2室' }, { token: w.v.token });
const orderNo = async (id: number) => (await t.db.selectFrom('orders').select('order_no').where('id', '=', id).executeTakeFirstOrThrow()).order_no;
/** Every link text of the order, to whichever phone. */
const linkTexts = async (id: number) => {
  const no = await orderNo(id);
  return (await t.db.selectFrom('sms_outbox').select('content').execute()).filter((r) => r.content.includes(no) && r.content.includes('/c#')).length;
};
/** As if the order's texts so far had been sent on another day. */
const yesterday = (id: number) => t.db.updateTable('customer_links').set({ sends_day: '2000-01-01' }).where('order_id', '=', id).execute();

/** An order at 待施工 whose link was texted once (the dispatch's send). */
async function bookedOrder() {
  const o = await dispatchedOrder(t, w);
  await mustAct(t, w, o.id, 'accept');
  await mustAct(t, w, o.id, 'appointment', { doorTime: '2099-01-01 15:30:00' });
  await linkTokenFor(t, o.phone);
  return o;
}
/** Revoke + 重新发送 until the order has `n` texts today. */
async function textUpTo(id: number, n: number) {
  while ((await linkTexts(id)) < n) {
    expect((await revoke(id)).body.code).toBe(200);
    expect((await resend(id)).body).toMatchObject({ code: 200, msg: CUSTOMER_MSG.linkSent });
  }
}

describe('the daily cap of link texts (decision 298)', () => {
  it(`counts the dispatch's text and each 重新发送: the ${LINK_SMS_PER_DAY + 1}th of the day is refused with the cap, not sent`, async () => {
    const o = await bookedOrder();
    await textUpTo(o.id, LINK_SMS_PER_DAY);
    expect((await revoke(o.id)).body.code).toBe(200);
    expect((await resend(o.id)).body).toEqual({ code: 400, msg: CUSTOMER_MSG.linkDailyCap, data: null });
    expect(await linkTexts(o.id)).toBe(LINK_SMS_PER_DAY);
    expect((await service(o.id)).link).toMatchObject({ state: 'revoked', sends: LINK_SMS_PER_DAY });

    // The next Shanghai day starts a new count.
    await yesterday(o.id);
    expect((await resend(o.id)).body).toMatchObject({ code: 200 });
    expect(await linkTexts(o.id)).toBe(LINK_SMS_PER_DAY + 1);
    // …and the minute rule still holds.
    expect((await resend(o.id)).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.resendTooSoon });
  });

  it('a phone change past the cap kills the old link but texts nothing: the card says why, and the merchant’s 重新发送 the next day texts the new phone', async () => {
    const o = await bookedOrder();
    await textUpTo(o.id, LINK_SMS_PER_DAY);
    const b = nextPhone();
    expect((await modify(o.id, b)).body.code).toBe(200);
    expect(await send()).toBe(0);
    expect(await send()).toBe(0);
    expect(await linkTexts(o.id)).toBe(LINK_SMS_PER_DAY);
    expect((await service(o.id)).link).toMatchObject({ state: 'pending', stateName: '待发送', holdReason: CUSTOMER_MSG.linkHeld });
    expect((await resend(o.id)).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.linkDailyCap });

    // The held link is not texted at midnight by the sender: it waits for the merchant.
    await yesterday(o.id);
    expect(await send()).toBe(0);
    expect((await resend(o.id)).body).toMatchObject({ code: 200 });
    expect((await service(o.id)).link).toMatchObject({ state: 'sent', phone: b, holdReason: '' });
    expect(await linkTexts(o.id)).toBe(LINK_SMS_PER_DAY + 1);
  });

  it('a link below the cap is sent as before and shows no reason', async () => {
    const o = await dispatchedOrder(t, w);
    expect((await service(o.id)).link).toMatchObject({ state: 'pending', holdReason: '' });
    expect(await send()).toBeGreaterThanOrEqual(1);
    expect((await service(o.id)).link).toMatchObject({ state: 'sent', holdReason: '' });
  });

  it(`20 parallel 作废+重新发送 never text more than ${LINK_SMS_PER_DAY} a day; every refusal is the minute or the cap (4 rounds)`, async () => {
    for (let round = 0; round < 4; round++) {
      const o = await bookedOrder();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? resend(o.id) : revoke(o.id))));
      for (const a of answers) {
        expect(a.status).toBe(200);
        if (a.body.code !== 200) expect([CUSTOMER_MSG.resendTooSoon, CUSTOMER_MSG.linkDailyCap], `round ${round}`).toContain(a.body.msg);
      }
      expect(await linkTexts(o.id), `round ${round}`).toBeLessThanOrEqual(LINK_SMS_PER_DAY);
      // Then alternating one by one: the count stops at the cap exactly.
      for (let i = 0; i < LINK_SMS_PER_DAY; i++) await revoke(o.id).then(() => resend(o.id));
      expect(await linkTexts(o.id), `round ${round}`).toBe(LINK_SMS_PER_DAY);
      expect((await service(o.id)).link.sends).toBe(LINK_SMS_PER_DAY);
    }
  }, 120_000);

  it(`phone changes, 重新发送 and the sender at once never text more than ${LINK_SMS_PER_DAY} a day (4 rounds)`, async () => {
    for (let round = 0; round < 4; round++) {
      const o = await bookedOrder();
      await textUpTo(o.id, LINK_SMS_PER_DAY - 1);
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => modify(o.id, nextPhone())),
        ...Array.from({ length: 4 }, () => revoke(o.id)),
        ...Array.from({ length: 4 }, () => resend(o.id)),
        send(),
        send(),
        send(),
      ]);
      for (const a of answers.slice(0, 12) as Array<{ status: number; body: { code: number; msg: string } }>) {
        expect(a.status).toBe(200);
        if (a.body.code !== 200) expect([CUSTOMER_MSG.resendTooSoon, CUSTOMER_MSG.linkDailyCap], `round ${round}`).toContain(a.body.msg);
      }
      await send();
      expect(await linkTexts(o.id), `round ${round}`).toBeLessThanOrEqual(LINK_SMS_PER_DAY);
    }
  }, 120_000);
});

describe('重新发送 after the 30 days (decision 298)', () => {
  it('names the expiry, not the order’s state', async () => {
    const o = await completedOrder(t, w, { confirm: true });
    await t.db.updateTable('customer_links').set({ ends_at: new Date(Date.now() - 31 * 86400_000).toISOString() }).where('order_id', '=', o.id).execute();
    expect((await resend(o.id)).body).toEqual({ code: 400, msg: CUSTOMER_MSG.linkExpired, data: null });
    // A cancelled order keeps the state's answer.
    const c = await dispatchedOrder(t, w);
    expect((await post(t, API.orderCancel, { ids: [c.id], closeRemark: '客户取消' }, { token: w.v.token })).body.code).toBe(200);
    expect((await resend(c.id)).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.linkNotForStatus });
  });
});
