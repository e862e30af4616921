import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { CUSTOMER_API, CUSTOMER_MSG, VISIT_CODE_ATTEMPTS, visitCodeWrongLog } from '@portal/domain/customer-page';
import { STREAM_EVENT } from '@portal/domain/notifications';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { get, startTestApp, type TestApp } from '../../../test/helper';
import { startWorkersServer, type WorkersServer } from '../../../test/spawn-server';
import { act, consolePicture, customerWorld, dispatchedOrder, mustAct, type World } from './customer-page.fixtures';

// A counted wrong 核销码 guess is an order change the merchant sees (review customer #5, decision 294): an
// operation-log line in the guess's own transaction, so the open views hear of it through the live
// stream (decision 269) while the completion is still refused.

let t: TestApp;
let w: World;
let server: WorkersServer;
beforeAll(async () => {
  t = await startTestApp();
  w = await customerWorld(t, '美的空调售后');
  server = await startWorkersServer(t);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await t?.close();
});

async function inWork() {
  const o = await dispatchedOrder(t, w);
  await mustAct(t, w, o.id, 'accept');
  await mustAct(t, w, o.id, 'appointment', { doorTime: '2099-01-01 15:30:00' });
  await mustAct(t, w, o.id, 'checkIn');
  const code = (await t.db.selectFrom('visit_codes').select('code').where('order_id', '=', o.id).executeTakeFirstOrThrow()).code;
  return { ...o, code, wrong: (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0') };
}
const logOf = async (id: number) => (await get(t, API.order(id), { token: w.v.token })).body.data.omsOperateRecordList as Array<{ content: string; operator: string }>;
const guessLines = async (id: number) => (await logOf(id)).filter((l) => l.content.startsWith('核销码输错'));
const statusOf = async (id: number) => (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('a wrong visit code', () => {
  it('is refused and counted, and the merchant’s log says so: 核销码输错（第N次）by the operator', async () => {
    const o = await inWork();
    const r = await act(t, w, o.id, 'requestCompletion', { pictures: [{ fileUrl: await consolePicture(t, w) }], visitCode: o.wrong(0) });
    expect(r.body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.visitCodeWrong(VISIT_CODE_ATTEMPTS - 1) });
    expect(await statusOf(o.id)).toBe(500);
    expect((await get(t, CUSTOMER_API.service(o.id), { token: w.v.token })).body.data.visit).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(await guessLines(o.id)).toEqual([expect.objectContaining({ content: visitCodeWrongLog(1), operator: '测试运营' })]);
    // the right code completes; no line for it
    expect((await act(t, w, o.id, 'requestCompletion', { pictures: [{ fileUrl: await consolePicture(t, w) }], visitCode: o.code })).body.code).toBe(200);
    expect(await guessLines(o.id)).toHaveLength(1);
  });

  it(`logs exactly ${VISIT_CODE_ATTEMPTS} lines under 50 parallel guesses, the last one saying the code is locked`, async () => {
    const o = await inWork();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => act(t, w, o.id, 'requestCompletion', { pictures: [], visitCode: o.wrong(i) })));
    expect(answers.every((a) => a.body.code === 400)).toBe(true);
    expect(answers.filter((a) => a.body.msg === CUSTOMER_MSG.visitCodeLocked)).toHaveLength(50 - (VISIT_CODE_ATTEMPTS - 1));
    expect((await guessLines(o.id)).map((l) => l.content).sort()).toEqual(Array.from({ length: VISIT_CODE_ATTEMPTS }, (_, i) => visitCodeWrongLog(i + 1)).sort());
    expect((await t.db.selectFrom('visit_codes').select('attempts').where('order_id', '=', o.id).executeTakeFirstOrThrow()).attempts).toBe(VISIT_CODE_ATTEMPTS);
  });

  it('reaches the merchant’s open views as order.changed (WORKERS=2)', async () => {
    const o = await inWork();
    const ticket = (await server.call('POST', API.notificationsTicket, {}, { token: w.v.token })).body.data.ticket as string;
    const ctrl = new AbortController();
    const res = await fetch(`${server.base}${API.notificationsStream}?ticket=${encodeURIComponent(ticket)}`, { signal: ctrl.signal });
    let text = '';
    const reading = (async () => {
      const reader = res.body!.getReader();
      const dec = new TextDecoder();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          text += dec.decode(value, { stream: true });
        }
      } catch {
        /* aborted */
      }
    })();
    const until = async (ok: () => boolean, ms: number) => {
      const end = Date.now() + ms;
      while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      return ok();
    };
    const changed = `event: ${STREAM_EVENT.orderChanged}\ndata: ${JSON.stringify({ orderId: o.id })}`;
    try {
      expect(await until(() => text.includes(`event: ${STREAM_EVENT.ready}`), 3000)).toBe(true);
      const r = await server.call('POST', PLATFORM_ORDER_API.action(o.id, 'requestCompletion'), { pictures: [], visitCode: o.wrong(0) }, { token: w.op.token, role: 'platform' });
      expect(r.body).toMatchObject({ code: 400, msg: CUSTOMER_MSG.visitCodeWrong(VISIT_CODE_ATTEMPTS - 1) });
      expect(await until(() => text.includes(changed), 3000)).toBe(true);
    } finally {
      ctrl.abort();
      await reading;
    }
  }, 30_000);
});
