import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { addOrder, balanceOf, createProduct, fund, ledgerSum, orderPayload } from '../src/modules/orders/orders.fixtures';
import { createVendor, startTestApp, type TestApp } from './helper';
import { startWorkersServer, type WorkersServer } from './spawn-server';

// WORKERS=2: two server processes on one database. Payments that land on both processes at once must
// each commit with their ledger record — on SQLite that needs transactions that take the write lock
// when they begin (db/sqlite-dialect.ts); a deferred one fails with SQLITE_BUSY.

describe('several server processes on one database', () => {
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

  const pay = (id: number, token: string) => server.call('POST', API.orderPay(id), {}, { token }).then((r) => r.body as { code: number; msg: string });

  it('pays 40 orders at once across both processes: each charged once, balance = ledger', async () => {
    const w = await createVendor(t);
    const product = await createProduct(t, w.vendorId, w.userId);
    await fund(t, w.vendorId, 1_000_000);
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push(await addOrder(t, w.token, [product]));
    // Every order paid twice at once: one of each pair succeeds, the other is refused, nothing fails.
    const results = await Promise.all([...ids, ...ids].map((id) => pay(id, w.token)));
    expect(results.filter((r) => r.code !== 200 && r.code !== 400)).toEqual([]);
    expect(results.filter((r) => r.code === 200)).toHaveLength(40);
    expect(await balanceOf(t, w.vendorId)).toBe(1_000_000 - 40 * 10_000);
    expect(await ledgerSum(t, w.vendorId)).toBe(1_000_000 - 40 * 10_000);
    const paid = await t.db.selectFrom('orders').select('id').where('vendor_id', '=', w.vendorId).where('paid_flag', '=', 1).execute();
    expect(paid).toHaveLength(40);
  }, 60_000);

  it('answers a keyword search from either process with the orders as they are, whoever wrote them', async () => {
    // Each process keeps the counts it made with the vendor's search revision (decision 208, PostgreSQL).
    const w = await createVendor(t);
    const product = await createProduct(t, w.vendorId, w.userId);
    for (let i = 0; i < 3; i++) await addOrder(t, w.token, [product], { realName: '王建华', phone: `1370000030${i}` });
    const search = () => server.call('GET', API.orderList, undefined, { token: w.token, query: { keyWords: '建华', pageSize: 50 } }).then((r) => r.body);
    const totals = async () => (await Promise.all(Array.from({ length: 12 }, search))).map((b) => [b.total, b.rows.length]);
    expect(await totals()).toEqual(Array(12).fill([3, 3]));
    // Writers in both processes and outside them, in parallel.
    const viaServer = Array.from({ length: 4 }, (_, i) => server.call('POST', API.orderAdd, orderPayload([product], { realName: '张建华', phone: `1370000032${i}` }), { token: w.token }));
    const outside = Array.from({ length: 4 }, (_, i) => addOrder(t, w.token, [product], { realName: '李建华', phone: `1370000031${i}` }));
    const made = await Promise.all([...viaServer.map((p) => p.then((r) => r.body.code)), ...outside.map((p) => p.then(() => 200))]);
    expect(made).toEqual(Array(8).fill(200));
    expect(await totals()).toEqual(Array(12).fill([11, 11]));
  }, 60_000);
});
