import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PLATFORM_AFTER_SALE_API } from '@portal/domain/after-sales';
import { CUSTOMER_API, CUSTOMER_MSG } from '@portal/domain/customer-page';
import { get, post, startTestApp, type TestApp } from '../../../test/helper';
import { completedOrder, customerCall, customerWorld, linkTokenFor, type World } from './customer-page.fixtures';

// Decision 293: only the customer's own problem (source 'customer', decision 278) keeps their link
// alive; a merchant's 赔偿/售后 case neither revives an expired link nor moves its 30 days. Both engines.

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '0', PUBLIC_URL: 'https://portal.example.com' });
  w = await customerWorld(t);
}, 60_000);
afterAll(async () => t?.close());

const DAY_MS = 86400_000;
const refused = { code: 400, msg: CUSTOMER_MSG.linkInvalid, data: null };
const view = (token: string) => customerCall(t, 'GET', CUSTOMER_API.view, token);
const linkState = async (id: number) => (await get(t, CUSTOMER_API.service(id), { token: w.v.token })).body.data.link.state as string;
const endsAt = async (id: number) => (await t.db.selectFrom('customer_links').select('ends_at').where('order_id', '=', id).executeTakeFirstOrThrow()).ends_at;
const approve = (caseId: number, body: Record<string, unknown> = {}) => post(t, PLATFORM_AFTER_SALE_API.approve(caseId), body, { token: w.op.token, role: 'platform' });

/** A completed order whose link was texted, then (as the reviewer did) its completion moved `days` back. */
async function endedDaysAgo(days: number) {
  const o = await completedOrder(t, w, { confirm: true });
  const token = await linkTokenFor(t, o.phone);
  const then = new Date(Date.now() - days * DAY_MS).toISOString();
  await t.db.updateTable('customer_links').set({ ends_at: then }).where('order_id', '=', o.id).execute();
  await t.db.updateTable('orders').set({ completion_time: then }).where('id', '=', o.id).execute();
  return { ...o, token, then };
}

describe('a merchant’s case and the customer’s link (decision 293)', () => {
  for (const [name, body] of [
    ['赔偿', { type: 1, money: '30', reasons: ['师傅未按约定时间上门'], description: '师傅迟到两个小时' }],
    ['售后', { type: 2, reasons: ['师傅未按约定时间上门'], description: '门锁需要重新调试' }],
  ] as const) {
    it(`a ${name} case does not bring an expired link back, nor after the platform decides it`, async () => {
      const o = await endedDaysAgo(40);
      expect((await view(o.token)).body).toEqual(refused);
      expect(await linkState(o.id)).toBe('expired');

      const reasons = name === '售后' ? [(await t.db.selectFrom('after_sale_reasons').select('content').where('type', '=', 2).executeTakeFirstOrThrow()).content] : body.reasons;
      const filed = await post(t, API.afterSaleApply, { orderId: o.id, ...body, reasons }, { token: w.v.token });
      expect(filed.body).toMatchObject({ code: 200 });
      expect((await get(t, API.order(o.id), { token: w.v.token })).body.data.status).toBe(900);
      expect((await view(o.token)).body).toEqual(refused);
      expect(await linkState(o.id)).toBe('expired');
      expect(await endsAt(o.id)).toBe(o.then);

      expect((await approve(filed.body.data.id, name === '售后' ? { processingStatus: 1 } : {})).body.code).toBe(200);
      expect((await view(o.token)).body).toEqual(refused);
      expect(await endsAt(o.id)).toBe(o.then);
    });
  }

  it('a merchant’s case on a live link keeps its 30 days from the completion; the customer’s own problem still stops them', async () => {
    const o = await endedDaysAgo(5);
    const claim = await post(t, API.afterSaleApply, { orderId: o.id, type: 1, money: '30', reasons: ['师傅未按约定时间上门'], description: '迟到' }, { token: w.v.token });
    expect(claim.body.code).toBe(200);
    expect(await endsAt(o.id)).toBe(o.then);
    expect((await approve(claim.body.data.id)).body.code).toBe(200);
    expect(await endsAt(o.id)).toBe(o.then);
    expect((await view(o.token)).body.code).toBe(200);

    const reason = (await view(o.token)).body.data.problem.reasons[0] as string;
    expect((await customerCall(t, 'POST', CUSTOMER_API.problem, o.token, { reason, description: '空调漏水' })).body).toMatchObject({ code: 200, msg: CUSTOMER_MSG.problemSent });
    expect(await endsAt(o.id)).toBeNull();
  });
});
