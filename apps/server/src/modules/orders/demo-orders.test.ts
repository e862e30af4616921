import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { windowBounds, windowText } from '@portal/domain/appointments';
import { APPOINTMENT_API } from '@portal/domain/contract/appointments';
import { get, post, startTestApp, type TestApp } from '../../../test/helper';
import { DEMO } from '../../db/seed/demo';
import { balanceOf, ledgerSum } from './orders.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PORTAL_DEMO_DATA: '1' });
});
afterAll(async () => t.close());

describe('demo orders', () => {
  it('puts the demo vendor’s orders in every status with a wallet consistent with its ledger', async () => {
    const vendor = await t.db.selectFrom('vendors').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const rows = await t.db.selectFrom('orders').select(['status', 'node']).where('vendor_id', '=', vendor.id).execute();
    const statuses = new Set(rows.map((r) => r.status));
    for (const s of [100, 200, 210, 300, 400, 500, 510, 600, 650, 700, 800]) expect(statuses, String(s)).toContain(s);
    expect(await balanceOf(t, vendor.id)).toBe(await ledgerSum(t, vendor.id));
    const logs = await t.db.selectFrom('order_operate_records').select('order_id').where('vendor_id', '=', vendor.id).execute();
    expect(new Set(logs.map((l) => l.order_id)).size).toBe(rows.length);
  });

  it('gives every booked demo order one slot as its window, and a booking log that names that window', async () => {
    const token = (await post(t, API.login, { phone: DEMO.mainPhone, password: DEMO.password, isSubAccount: false })).body.data.token as string;
    const booked = await t.db.selectFrom('orders').select(['id', 'appoint_slot']).where('appoint_slot', 'is not', null).orderBy('id').execute();
    expect(booked.length).toBeGreaterThan(5);
    for (const o of booked) {
      const w = (await get(t, APPOINTMENT_API.view(o.id), { token })).body.data.window;
      expect({ id: o.id, start: w.start, end: w.end }).toEqual({ id: o.id, ...windowBounds(w.date, o.appoint_slot!) });
      const logs = await t.db.selectFrom('order_operate_records').select('content').where('order_id', '=', o.id).where('content', 'like', '已预约上门时间%').execute();
      expect(logs.map((l) => l.content)).toEqual([`已预约上门时间 ${windowText(w.date, o.appoint_slot)}`]);
    }
  });
});
