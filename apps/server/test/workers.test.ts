import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@portal/domain/api-paths';
import { sign } from '@portal/domain/signature';
import { addOrder, balanceOf, createProduct, fund, ledgerSum } from '../src/modules/orders/orders.fixtures';
import { createVendor, startTestApp, type TestApp } from './helper';

// WORKERS=2: two server processes on one database. Payments that land on both processes at once must
// each commit with their ledger record — on SQLite that needs transactions that take the write lock
// when they begin (db/sqlite-dialect.ts); a deferred one fails with SQLITE_BUSY.

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe('several server processes on one database', () => {
  let t: TestApp;
  let child: ChildProcess;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: { ...process.env, DATABASE_URL: t.config.DATABASE_URL, DATA_DIR: t.config.DATA_DIR, WEB_DIST: t.config.WEB_DIST, PORT: String(port), WORKERS: '2', PORTAL_DEMO_DATA: '0', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('is running at') && resolve());
    });
  }, 60_000);

  afterAll(async () => {
    if (child?.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await t?.close();
  });

  const pay = (id: number, token: string) => {
    const path = API.orderPay(id);
    const timestamp = String(Date.now());
    const headers = { 'content-type': 'application/json', role: 'manufacturer', token, timestamp, signature: sign(t.config.SIGN_KEY, { method: 'POST', path, rawQuery: '', timestamp, token, body: '{}' }) };
    return fetch(base + path, { method: 'POST', headers, body: '{}' }).then((r) => r.json() as Promise<{ code: number; msg: string }>);
  };

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
});
