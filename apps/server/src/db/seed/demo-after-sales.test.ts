import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { get, post, startTestApp, type TestApp } from '../../../test/helper';
import { pathOf } from '../../../test/signed-file';
import { absoluteFor } from '../../lib/storage-paths';
import { DEMO } from './demo';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ PORTAL_DEMO_DATA: '1' });
  token = (await post(t, API.login, { phone: DEMO.mainPhone, password: DEMO.password, isSubAccount: false })).body.data.token;
});
afterAll(async () => t.close());

describe('demo after-sales and gallery', () => {
  it('has cases in different states, a paid compensation in the ledger, and a completed order still open to after-sales', async () => {
    const rows = (await get(t, API.afterSaleList, { token, query: { pageSize: 50 } })).body.rows as Array<{ status: number; checkStatus: number; type: number; orderId: number }>;
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const states = new Set(rows.map((r) => `${r.type}:${r.status}:${r.checkStatus}`));
    expect(states).toEqual(new Set(['2:3:2', '1:2:1', '2:1:1', '1:0:0']));
    const vendor = await t.db.selectFrom('vendors').select(['id', 'balance_fen']).executeTakeFirstOrThrow();
    const settled = await t.db.selectFrom('account_records').select(['amount_fen', 'payment_type']).where('vendor_id', '=', vendor.id).where('settled', '=', 1).execute();
    expect(settled.reduce((s, r) => s + Number(r.amount_fen), 0)).toBe(Number(vendor.balance_fen));
    expect(settled.filter((r) => r.payment_type === 5).map((r) => Number(r.amount_fen))).toEqual([5000]);
    const open = await t.db.selectFrom('orders').select('id').where('vendor_id', '=', vendor.id).where('status', '=', 700).execute();
    expect(open.length).toBeGreaterThanOrEqual(1);
  });

  it('gives completed orders several real completion pictures', async () => {
    const gallery = await get(t, API.galleryList, { token, query: { pageSize: 50 } });
    expect(gallery.body.total).toBeGreaterThanOrEqual(3);
    expect(gallery.body.rows.every((r: { omsOrder: { orderNo: string } }) => r.omsOrder.orderNo)).toBe(true);
    for (const row of gallery.body.rows as Array<{ omsProductCompletionPicList: Array<{ fileUrl: string }> }>) {
      expect(row.omsProductCompletionPicList.length).toBeGreaterThanOrEqual(2);
      for (const p of row.omsProductCompletionPicList) expect(existsSync(absoluteFor(t.config.DATA_DIR, pathOf(p.fileUrl))!)).toBe(true);
    }
  });
});
