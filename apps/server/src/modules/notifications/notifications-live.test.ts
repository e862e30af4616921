import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { createOperator, createVendor, get, startTestApp, type TestApp } from '../../../test/helper';
import { startWorkersServer, type WorkersServer } from '../../../test/spawn-server';
import { addOrder, createProduct, fund } from '../orders/orders.fixtures';

// The live stream over HTTP on a real server with WORKERS=2: a ticket issued by one process opens a
// stream on whichever process takes the connection, and a node change made through either process
// (or straight in the database's other writer) arrives within 2 s.

let t: TestApp;
let server: WorkersServer;
let v: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  op = await createOperator(t);
  server = await startWorkersServer(t);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await t.close();
});

/** Opens the stream and collects its events until `close`. */
async function openStream(ticket: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${server.base}${API.notificationsStream}?ticket=${encodeURIComponent(ticket)}`, { signal: ctrl.signal });
  const events: Array<{ event: string; data: any }> = [];
  const done = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        buf += dec.decode(value, { stream: true });
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ? JSON.parse(data) : null });
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return { res, events, close: async () => (ctrl.abort(), await done) };
}

const until = async (ok: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return ok();
};

describe('the live stream', () => {
  it('delivers a node change within 2 s through either process, and refuses a ticket used twice', async () => {
    const prod = await createProduct(t, v.vendorId, v.userId);
    await fund(t, v.vendorId, 100000);
    const id = await addOrder(t, v.token, [prod]);
    expect((await server.call('POST', API.orderPay(id), {}, { token: v.token })).body.code).toBe(200);
    const masterId = (await get(t, PLATFORM_ORDER_API.masters, { token: op.token, role: 'platform' })).body.data[0].id;

    const ticket = (await server.call('POST', API.notificationsTicket, {}, { token: v.token })).body.data.ticket as string;
    const s = await openStream(ticket);
    try {
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get('content-type')).toContain('text/event-stream');
      expect(s.res.headers.get('content-encoding')).toBeNull();
      expect(s.res.headers.get('content-security-policy')).toBeTruthy();
      expect(await until(() => s.events.some((e) => e.event === 'ready'), 3000)).toBe(true);
      // a second use of the same ticket is refused
      const again = await fetch(`${server.base}${API.notificationsStream}?ticket=${encodeURIComponent(ticket)}`);
      expect(again.status).toBe(401);

      expect((await server.call('POST', PLATFORM_ORDER_API.action(id, 'dispatch'), { masterId }, { token: op.token, role: 'platform' })).body.code).toBe(200);
      const started = Date.now();
      expect((await server.call('POST', PLATFORM_ORDER_API.action(id, 'accept'), {}, { token: op.token, role: 'platform' })).body.code).toBe(200);
      expect(await until(() => s.events.some((e) => e.event === 'notification'), 2000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2000);
      const n = s.events.find((e) => e.event === 'notification')!.data;
      expect(n).toMatchObject({ type: 'master_accepted', orderId: id, read: false });
      // the dispatch (no notification) sent nothing
      expect(s.events.filter((e) => e.event === 'notification')).toHaveLength(1);
      // another vendor's events never reach this stream
      const w = await createVendor(t);
      const pw = await createProduct(t, w.vendorId, w.userId);
      await fund(t, w.vendorId, 100000);
      const other = await addOrder(t, w.token, [pw]);
      await server.call('POST', API.orderPay(other), {}, { token: w.token });
      await server.call('POST', PLATFORM_ORDER_API.action(other, 'dispatch'), { masterId }, { token: op.token, role: 'platform' });
      await server.call('POST', PLATFORM_ORDER_API.action(other, 'accept'), {}, { token: op.token, role: 'platform' });
      await new Promise((r) => setTimeout(r, 1500));
      expect(s.events.filter((e) => e.event === 'notification')).toHaveLength(1);
    } finally {
      await s.close();
    }
  }, 30_000);

  it('ends open streams at shutdown instead of waiting out the timeout (the browser reconnects elsewhere)', async () => {
    const ticket = (await server.call('POST', API.notificationsTicket, {}, { token: v.token })).body.data.ticket as string;
    const s = await openStream(ticket);
    expect(await until(() => s.events.some((e) => e.event === 'ready'), 3000)).toBe(true);
    const started = Date.now();
    await server.stop();
    // SHUTDOWN_TIMEOUT_SECONDS is 10: an open stream holding the close would take that long
    expect(Date.now() - started).toBeLessThan(8000);
    await s.close();
  }, 30_000);
});
