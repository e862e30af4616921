import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { CODE } from '@portal/domain/codes';
import { createSubAccount, createVendor, startTestApp, type TestApp } from './helper';
import { startWorkersServer, type WorkersServer } from './spawn-server';

// Decision 191: on PostgreSQL each server process serves the sessions it resolved lately without
// reading them again, and forgets them when the database tells of a change. With two processes, a
// logout, a revoked grant or a closed account must take effect in the other process too, within the
// notice's delivery (milliseconds), under parallel calls. SQLite reads the session every call; the
// same test holds there.

describe('signed-in calls after a session ended or narrowed, two server processes', () => {
  let t: TestApp;
  let server: WorkersServer;

  beforeAll(async () => {
    t = await startTestApp();
    server = await startWorkersServer(t);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await t?.close();
  });

  /** 24 calls at once over both processes (keep-alive sockets are spread by the cluster), their codes. */
  const burst = async (path: string, token: string) => (await Promise.all(Array.from({ length: 24 }, () => server.call('GET', path, undefined, { token })))).map((r) => r.body?.code);
  /** The notice reaches the other process within a few milliseconds; a call after that must see the change. */
  const settle = () => new Promise((r) => setTimeout(r, 100));

  it('a logout refuses the token in every process', async () => {
    const v = await createVendor(t);
    expect(new Set(await burst(API.userInfo, v.token))).toEqual(new Set([200]));
    expect((await server.call('POST', API.quit, {}, { token: v.token })).body.code).toBe(200);
    await settle();
    expect(new Set(await burst(API.userInfo, v.token))).toEqual(new Set([CODE.unauthorized]));
  });

  it('a revoked grant refuses its routes in every process; granted again, they answer', async () => {
    const v = await createVendor(t);
    const sub = await createSubAccount(t, v.vendorId, [12]);
    const list = `${API.orderList}?pageNum=1&pageSize=10`;
    expect(new Set(await burst(list, sub.token))).toEqual(new Set([200]));
    expect((await server.call('POST', API.removeSubAccountMenu(12, sub.userId), {}, { token: v.token })).body.code).toBe(200);
    await settle();
    expect(new Set(await burst(list, sub.token))).toEqual(new Set([CODE.forbidden]));
    expect((await server.call('POST', API.addSubAccountMenu(sub.userId), { menuId: 12, dataPermissions: 0 }, { token: v.token })).body.code).toBe(200);
    await settle();
    expect(new Set(await burst(list, sub.token))).toEqual(new Set([200]));
  });

  it('a vendor closed in the database (no request of this server) refuses its sessions', async () => {
    const v = await createVendor(t);
    expect(new Set(await burst(API.userInfo, v.token))).toEqual(new Set([200]));
    await t.db.updateTable('vendors').set({ closed_at: new Date().toISOString() }).where('id', '=', v.vendorId).execute();
    await settle();
    expect(new Set(await burst(API.userInfo, v.token))).toEqual(new Set([CODE.unauthorized]));
  });
});
