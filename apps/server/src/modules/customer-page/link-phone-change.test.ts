import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { CUSTOMER_API, CUSTOMER_MSG } from '@portal/domain/customer-page';
import { get, nextPhone, post, startTestApp, type TestApp } from '../../../test/helper';
import { publicUrlOf } from '../../config';
import { REGION } from '../orders/orders.fixtures';
import { sendPendingLinks } from './link-sender';
import { customerCall, customerWorld, dispatchedOrder, linkTokenFor, mustAct, smsTo, type World } from './customer-page.fixtures';

// Decision 293: 修改客户信息 with another phone kills the link texted to the old one in the same
// transaction, and the new phone gets a new link (the sender's path, after commit). Both engines.

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '0', PUBLIC_URL: 'https://portal.example.com' });
  w = await customerWorld(t, '美的空调售后');
}, 60_000);
afterAll(async () => t?.close());

const refused = { code: 400, msg: CUSTOMER_MSG.linkInvalid, data: null };
const view = (token: string) => customerCall(t, 'GET', CUSTOMER_API.view, token);
const service = async (id: number) => (await get(t, CUSTOMER_API.service(id), { token: w.v.token })).body.data;
const modify = (id: number, phone: string, detailAddress = '虹桥路1号2室') =>
  post(t, API.orderCustomerModify, { orderId: id, realName: '张三', phone, ...REGION, detailAddress }, { token: w.v.token });
const send = () => sendPendingLinks(t.db, t.app.sms, publicUrlOf(t.config));
const tokensTo = async (phone: string) => (await smsTo(t, phone)).map((c) => /\/c#([A-Za-z0-9_-]+)/.exec(c)?.[1]).filter((x): x is string => !!x);
const visitCode = async (id: number) => (await t.db.selectFrom('visit_codes').select('code').where('order_id', '=', id).executeTakeFirstOrThrow()).code;

/** An order at 待施工 (the master booked a time) whose link was texted: the customer has seen the page. */
async function bookedOrder() {
  const o = await dispatchedOrder(t, w);
  await mustAct(t, w, o.id, 'accept');
  await mustAct(t, w, o.id, 'appointment', { doorTime: '2099-01-01 15:30:00' });
  return { ...o, token: await linkTokenFor(t, o.phone) };
}

describe('修改客户信息 with another phone (decision 293)', () => {
  it('kills the old number’s link at once and texts a new one to the new number; the card shows the new send', async () => {
    const o = await bookedOrder();
    expect((await customerCall(t, 'POST', CUSTOMER_API.confirm, o.token)).body.code).toBe(200);
    const oldCode = await visitCode(o.id);
    const b = nextPhone();

    expect((await modify(o.id, b)).body).toMatchObject({ code: 200 });
    // The old link is dead before any SMS goes: the page and every action refuse it.
    expect((await view(o.token)).body).toEqual(refused);
    expect((await customerCall(t, 'POST', CUSTOMER_API.reschedule, o.token, { date: '2099-01-02', slot: 'am', reason: 'x' })).body).toEqual(refused);
    expect((await service(o.id)).link).toMatchObject({ state: 'pending', stateName: '待发送', sends: 1 });

    expect(await send()).toBe(1);
    const [fresh] = await tokensTo(b);
    expect(fresh).toBeDefined();
    expect(await tokensTo(o.phone)).toEqual([o.token]);
    const page = (await view(fresh!)).body;
    expect(page).toMatchObject({ code: 200, data: { merchant: '美的空调售后' } });
    expect(JSON.stringify(page)).not.toContain(oldCode);
    expect((await view(o.token)).body).toEqual(refused);

    const card = await service(o.id);
    expect(card.link).toMatchObject({ state: 'sent', stateName: '已发送', phone: b, sends: 2 });
    // What the old number's holder confirmed is not the new customer's confirmation.
    expect(card.appointmentConfirmed).toBe(false);
    expect(await visitCode(o.id)).not.toBe(oldCode);
    // The re-send's minute does not start over with the change's send: it counts from it.
    expect((await post(t, CUSTOMER_API.resend(o.id), {}, { token: w.v.token })).body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.resendTooSoon });
  });

  it('leaves the link alone when the phone stays (another address), a revoked link revoked, and a link never sent goes to the new number only', async () => {
    const same = await bookedOrder();
    expect((await modify(same.id, same.phone, '新地址8号')).body.code).toBe(200);
    expect((await view(same.token)).body.code).toBe(200);
    expect(await send()).toBe(0);
    expect((await service(same.id)).link).toMatchObject({ state: 'sent', phone: same.phone, sends: 1 });

    const revoked = await bookedOrder();
    expect((await post(t, CUSTOMER_API.revoke(revoked.id), {}, { token: w.v.token })).body.code).toBe(200);
    const c = nextPhone();
    expect((await modify(revoked.id, c)).body.code).toBe(200);
    expect(await send()).toBe(0);
    expect(await smsTo(t, c)).toEqual([]);
    expect((await service(revoked.id)).link.state).toBe('revoked');
    // The merchant's re-send goes to the phone the order has now.
    expect((await post(t, CUSTOMER_API.resend(revoked.id), {}, { token: w.v.token })).body.code).toBe(200);
    expect(await tokensTo(c)).toHaveLength(1);

    const pending = await dispatchedOrder(t, w);
    const d = nextPhone();
    expect((await modify(pending.id, d)).body.code).toBe(200);
    expect(await send()).toBe(1);
    expect(await smsTo(t, pending.phone)).toEqual([]);
    expect(await tokensTo(d)).toHaveLength(1);
    expect((await service(pending.id)).link).toMatchObject({ state: 'sent', phone: d, sends: 1 });
  });

  it('two changes, a re-send and the sender at once leave exactly one live link, texted to the phone the order has (6 rounds)', async () => {
    for (let round = 0; round < 6; round++) {
      const o = await bookedOrder();
      const phones = [nextPhone(), nextPhone()];
      const answers = await Promise.all([
        modify(o.id, phones[0]!),
        modify(o.id, phones[1]!),
        post(t, CUSTOMER_API.resend(o.id), {}, { token: w.v.token }),
        send(),
        send(),
      ]);
      for (const a of answers.slice(0, 3) as Array<{ body: { code: number; msg: string } }>) {
        expect([200, 400], a.body.msg).toContain(a.body.code);
        if (a.body.code === 400) expect(a.body.msg).toBe(CUSTOMER_MSG.resendTooSoon);
      }
      await send();
      const now = (await t.db.selectFrom('orders').select('phone').where('id', '=', o.id).executeTakeFirstOrThrow()).phone;
      const live: string[] = [];
      for (const phone of [o.phone, ...phones]) {
        for (const token of await tokensTo(phone)) if ((await view(token)).body.code === 200) live.push(`${phone}:${token}`);
      }
      expect(live, `round ${round}`).toHaveLength(1);
      expect(live[0]!.startsWith(`${now}:`), `round ${round}`).toBe(true);
      expect((await service(o.id)).link, `round ${round}`).toMatchObject({ state: 'sent', phone: now });
    }
  });
});
