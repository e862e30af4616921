import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PLATFORM_ORDER_API, type PlatformOrderAction } from '@portal/domain/orders-platform';
import { STREAM_EVENT } from '@portal/domain/notifications';
import { createOperator, createSubAccount, createVendor, get, startTestApp, type TestApp } from '../../../test/helper';
import { startWorkersServer, type WorkersServer } from '../../../test/spawn-server';
import { addOrder, createProduct, fund } from '../orders/orders.fixtures';
import { SESSION_CHECK_MS } from './notifications.stream';
import { openStream as openOn, until } from './stream.fixtures';

// The live stream over HTTP on a real server with WORKERS=2: a ticket issued by one process opens a
// stream on whichever process takes the connection, and a node change made through either process
// (or straight in the database's other writer) arrives within 2 s.

let t: TestApp;
let server: WorkersServer;
let v: Awaited<ReturnType<typeof createVendor>>;
let op: Awaited<ReturnType<typeof createOperator>>;
const openStream = (ticket: string) => openOn(server.base, ticket);
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

  it('tells every move of an order silently (order.changed), within the viewer\'s data scope as it is now, and ends a stream whose session ended', async () => {
    const prod = await createProduct(t, v.vendorId, v.userId);
    await fund(t, v.vendorId, 100000);
    const mainOrder = await addOrder(t, v.token, [prod]);
    const subOrder = await addOrder(t, v.token, [prod]);
    const own = await createSubAccount(t, v.vendorId, [[12, 1]]);
    const all = await createSubAccount(t, v.vendorId, [[12, 0]]);
    await t.db.updateTable('orders').set({ created_by: own.userId }).where('id', '=', subOrder).execute();
    for (const id of [mainOrder, subOrder]) expect((await server.call('POST', API.orderPay(id), {}, { token: v.token })).body.code).toBe(200);
    const masterId = (await get(t, PLATFORM_ORDER_API.masters, { token: op.token, role: 'platform' })).body.data[0].id;
    const act = async (id: number, action: PlatformOrderAction, body: object = {}) =>
      expect((await server.call('POST', PLATFORM_ORDER_API.action(id, action), body, { token: op.token, role: 'platform' })).body.code).toBe(200);
    const streamOf = async (token: string) => openStream((await server.call('POST', API.notificationsTicket, {}, { token })).body.data.ticket as string);
    const changed = (s: Awaited<ReturnType<typeof openStream>>, orderId: number) => s.events.filter((e) => e.event === STREAM_EVENT.orderChanged && e.data.orderId === orderId).length;

    const [m, o, a] = [await streamOf(v.token), await streamOf(own.token), await streamOf(all.token)];
    try {
      for (const s of [m, o, a]) expect(await until(() => s.events.some((e) => e.event === STREAM_EVENT.ready), 3000)).toBe(true);

      // 派单 (220) raises no notification: the order's viewers hear of it all the same, silently
      await act(mainOrder, 'dispatch', { masterId });
      expect(await until(() => changed(m, mainOrder) > 0 && changed(a, mainOrder) > 0, 2500)).toBe(true);
      expect(m.events.filter((e) => e.event === STREAM_EVENT.notification)).toHaveLength(0);
      expect(m.events.find((e) => e.event === STREAM_EVENT.orderChanged)!.data).toEqual({ orderId: mainOrder });
      // the sub-account with 本人 hears of its own order only
      await act(subOrder, 'dispatch', { masterId });
      expect(await until(() => changed(o, subOrder) > 0 && changed(m, subOrder) > 0, 2500)).toBe(true);
      await new Promise((r) => setTimeout(r, 1200));
      expect(changed(o, mainOrder)).toBe(0);
      expect(o.events.filter((e) => e.event !== STREAM_EVENT.ready).every((e) => e.data.orderId === subOrder)).toBe(true);

      // 全部 narrowed to 本人 while its stream is open: the stream goes on under the new scope
      expect((await server.call('POST', API.updateSubAccountMenuScope(all.userId), { menuId: 12, dataPermissions: 1 }, { token: v.token })).body.code).toBe(200);
      await new Promise((r) => setTimeout(r, SESSION_CHECK_MS + 1500));
      const before = a.events.length;
      const heard = changed(m, mainOrder);
      await act(mainOrder, 'accept');
      expect(await until(() => changed(m, mainOrder) > heard && m.events.some((e) => e.event === STREAM_EVENT.notification), 2500)).toBe(true);
      await new Promise((r) => setTimeout(r, 1200));
      expect(a.events.slice(before).filter((e) => e.event !== 'ping')).toEqual([]);
      expect(a.state.ended).toBe(false);

      // the main account deletes the sub-account: its open stream ends within a few seconds
      expect((await server.call('POST', API.deleteSubAccount(own.userId), {}, { token: v.token })).body.code).toBe(200);
      expect(await until(() => o.state.ended, SESSION_CHECK_MS + 2500)).toBe(true);
      // signing out ends a stream the same way; the main account's goes on
      expect((await server.call('POST', API.quit, {}, { token: all.token })).body.code).toBe(200);
      expect(await until(() => a.state.ended, SESSION_CHECK_MS + 2500)).toBe(true);
      expect(m.state.ended).toBe(false);
    } finally {
      for (const s of [m, o, a]) await s.close();
    }
  }, 60_000);

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
