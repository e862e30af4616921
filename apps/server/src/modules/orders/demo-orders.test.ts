import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helper';
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
});
