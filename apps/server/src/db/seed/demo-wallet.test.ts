import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { PLATFORM_WALLET_API } from '@portal/domain/wallet';
import { get, post, startTestApp, type TestApp } from '../../../test/helper';
import { pathOf } from '../../../test/signed-file';
import { absoluteFor } from '../../lib/storage-paths';
import { DEMO } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PORTAL_DEMO_DATA: '1' });
});
afterAll(async () => t.close());

describe('demo wallet', () => {
  it('gives the demo vendor a settled history whose sum is the balance, and a pending top-up with a real proof', async () => {
    const login = await post(t, API.login, { phone: DEMO.mainPhone, password: DEMO.password, isSubAccount: false });
    const token = login.body.data.token as string;
    const vendor = await t.db.selectFrom('vendors').select(['id', 'balance_fen']).executeTakeFirstOrThrow();
    const settled = await t.db.selectFrom('account_records').select('amount_fen').where('vendor_id', '=', vendor.id).where('settled', '=', 1).execute();
    expect(settled.reduce((s, r) => s + Number(r.amount_fen), 0)).toBe(Number(vendor.balance_fen));
    expect(Number(vendor.balance_fen)).toBeGreaterThan(0);

    const rows = (await get(t, API.records, { token, query: { pageSize: 100, paymentType: 2 } })).body.rows;
    expect(rows.map((r: { payStatus: number }) => r.payStatus)).toEqual(expect.arrayContaining([2, 3, 5]));
    expect(rows.find((r: { payStatus: number }) => r.payStatus === 3).payAmount).toBe(20000);

    const op = await post(t, '/api/platform/login', { account: DEMO.operatorAccount, password: DEMO.operatorPassword }, { role: 'platform' });
    const pending = await get(t, PLATFORM_WALLET_API.recharges, { token: op.body.data.token, role: 'platform', query: { payStatus: 2 } });
    expect(pending.body.total).toBe(1);
    const abs = absoluteFor(t.config.DATA_DIR, pathOf(pending.body.rows[0].credentials))!;
    expect(existsSync(abs)).toBe(true);
    expect(readFileSync(abs).subarray(1, 4).toString()).toBe('PNG');
    const served = await t.app.inject({ method: 'GET', url: pending.body.rows[0].credentialsUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });
});
