import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MSG, type ImportResult } from '@portal/domain/order-import';
import { createVendor, startTestApp, type TestApp } from '../../../test/helper';
import { createProduct, fund } from '../orders/orders.fixtures';
import { takeLease } from '../../db/leased-job';
import { fillWorkbook, postFile, validRow } from './order-import.fixtures';
import { withVendorImportLock } from './import-lock';

// Decision 299: an import never creates an order twice — not when a run is cut off and the same import
// runs again, not when two clerks confirm the same file (one after the other or at once), not when a row
// is pasted twice.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
const M1 = 'RESUME-KFR-35GW';
let run = 0;

const phones = (n: number) => {
  run++;
  return Array.from({ length: n }, (_, i) => `1396${String(run).padStart(3, '0')}${String(1000 + i).slice(-4)}`);
};
const countsOf = async (list: string[]) => {
  const rows = await t.db.selectFrom('orders').select('phone').where('vendor_id', '=', v.vendorId).where('phone', 'in', list).execute();
  return list.map((ph) => rows.filter((r) => r.phone === ph).length);
};
const key = () => `imp-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  await createProduct(t, v.vendorId, v.userId, { model: M1 });
  await fund(t, v.vendorId, 10_000_000);
}, 60_000);
afterAll(async () => t?.close());

describe('an import cut off and run again', () => {
  it('creates only the orders the first run did not, and counts both', async () => {
    const list = phones(8);
    const rows = list.map((phone, i) => validRow(M1, { phone, realName: `续${i}` }));
    const k = key();
    // The first run committed the orders of rows 2–5, then its process died: its claim has no answer.
    const cut = await postFile(t, v.token, await fillWorkbook(rows.slice(0, 4)), { headers: { 'idempotency-key': k } });
    expect(cut.body.data).toMatchObject({ created: 4, alreadyImported: 0 });
    await t.db
      .updateTable('idempotency_keys')
      .set({ status_code: null, body: null, content_type: null, locked_at: new Date(Date.now() - 3 * 60_000).toISOString() })
      .where('idem_key', '=', k)
      .execute();

    // 确认导入 again after the lease: the same import (key) of the whole file.
    const again = await postFile(t, v.token, await fillWorkbook(rows), { headers: { 'idempotency-key': k } });
    const data = again.body.data as ImportResult;
    expect(again.body.msg).toBe(IMPORT_MSG.importOk(8, 4));
    expect(data).toMatchObject({ created: 8, alreadyImported: 4, skipped: 0, failed: 0 });
    expect(data.orders.map((o) => o.alreadyImported)).toEqual([true, true, true, true, false, false, false, false]);
    expect(data.orders.every((o) => o.orderId !== null && o.orderNo)).toBe(true);
    expect(await countsOf(list)).toEqual(list.map(() => 1));
    // And once more: the stored answer.
    const replay = await postFile(t, v.token, await fillWorkbook(rows), { headers: { 'idempotency-key': k } });
    expect(replay.body.data).toEqual(data);
    expect(await countsOf(list)).toEqual(list.map(() => 1));
  });
});

describe('two clerks confirm the same file', () => {
  it('one after the other: the second import skips every order the first created, whatever its preview said', async () => {
    const list = phones(4);
    const file = await fillWorkbook(list.map((phone) => validRow(M1, { phone })));
    const previews = await Promise.all([0, 1].map(() => postFile(t, v.token, file, { query: { dryRun: '1' } })));
    for (const p of previews) expect(p.body.data).toMatchObject({ created: 4, failed: 0 });
    const a = (await postFile(t, v.token, file, { headers: { 'idempotency-key': key() } })).body.data as ImportResult;
    const b = await postFile(t, v.token, file, { headers: { 'idempotency-key': key() } });
    expect(a).toMatchObject({ created: 4, skipped: 0 });
    expect(b.body.data).toMatchObject({ created: 0, skipped: 4 });
    expect((b.body.data as ImportResult).orders.map((o) => o.duplicateOf)).toEqual(a.orders.map((o) => o.orderNo));
    expect(await countsOf(list)).toEqual([1, 1, 1, 1]);
    // The merchant's explicit 不是重复 still creates them.
    const anyway = await postFile(t, v.token, file, { query: { skipDuplicates: '0' }, headers: { 'idempotency-key': key() } });
    expect(anyway.body.data).toMatchObject({ created: 4, skipped: 0 });
    expect(await countsOf(list)).toEqual([2, 2, 2, 2]);
  });

  it('at the same moment: each order is created once', async () => {
    for (let round = 0; round < 3; round++) {
      const list = phones(6);
      const file = await fillWorkbook(list.map((phone) => validRow(M1, { phone })));
      const answers = await Promise.all([0, 1, 2].map(() => postFile(t, v.token, file, { headers: { 'idempotency-key': key() } })));
      const data = answers.map((r) => r.body.data as ImportResult);
      expect(data.map((d) => d.created).reduce((x, y) => x + y, 0)).toBe(6);
      expect(data.map((d) => d.skipped).reduce((x, y) => x + y, 0)).toBe(12);
      expect(await countsOf(list)).toEqual(list.map(() => 1));
    }
  });

  it('an import waiting past its limit for another one of the vendor is refused in Chinese', async () => {
    const name = `order-import:v${v.vendorId}`;
    expect(await takeLease(t.db, name, 'another-process', 5_000)).toBe(true);
    await expect(withVendorImportLock(t.db, v.vendorId, async () => 'ran', 300)).rejects.toThrow(IMPORT_MSG.otherImportRunning);
    await t.db.deleteFrom('job_leases').where('name', '=', name).execute();
    expect(await withVendorImportLock(t.db, v.vendorId, async () => 'ran', 300)).toBe('ran');
  });
});

describe('the same row twice in one file', () => {
  it('is refused on the repeat, naming the first row, in the preview and the import; nothing is charged twice', async () => {
    const [phone, other] = phones(2);
    const row = validRow(M1, { phone, realName: '重复行' });
    const file = await fillWorkbook([row, { ...row }, validRow(M1, { phone: other })]);
    for (const query of [{ dryRun: '1' }, {}] as Array<Record<string, string>>) {
      const r = (await postFile(t, v.token, file, { query })).body.data as ImportResult;
      expect(r).toMatchObject({ created: 1, failed: 2 });
      expect(r.errors).toContainEqual({ row: 3, column: '', message: IMPORT_MSG.rowRepeated(2) });
      expect(r.errors).toContainEqual({ row: 2, column: '', message: IMPORT_MSG.groupFailed([3]) });
    }
    expect(await countsOf([phone!, other!])).toEqual([0, 1]);
    // Two of the product on one line, or another product, is one order as before.
    const two = (await postFile(t, v.token, await fillWorkbook([row, { ...row, number: 2 }]))).body.data as ImportResult;
    expect(two).toMatchObject({ created: 1, failed: 0 });
  });

  it('the preview shows what the clerk must check: 上门时间, 加急 and the amount', async () => {
    const [phone] = phones(1);
    const r = (await postFile(t, v.token, await fillWorkbook([validRow(M1, { phone, doorTime: '2099-12-20 15:30' })]), { query: { dryRun: '1' } })).body.data as ImportResult;
    expect(r.orders[0]).toMatchObject({ doorTime: '2099-12-20 15:30:00', urgent: '' });
    expect(r.orders[0]!.totalPrice).toBeGreaterThan(0);
    const made = (await postFile(t, v.token, await fillWorkbook([validRow(M1, { phone, doorTime: '2099-12-20 15:30' })]))).body.data as ImportResult;
    expect(made.orders[0]!.totalPrice).toBe(r.orders[0]!.totalPrice);
  });
});
