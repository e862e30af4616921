// Bulk order import (issue 18): 1,000 rows validated (dryRun=1) and imported through the real
// server over HTTP, in three shapes: 1,000 one-line orders with region names, 500 two-line orders,
// and 1,000 orders whose address is free text (address recognition). The target is ≤ 10 s for the
// preview and the import together. Run: npx tsx bench/order-import.ts (TEST_DATABASE=postgres for
// PostgreSQL; BENCH_ROWS changes the row count).
import type { AddressInfo } from 'node:net';
import { API } from '@portal/domain/api-paths';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { IMPORT_LIMITS } from '@portal/domain/order-import';
import { createVendor, startTestApp } from '../apps/server/test/helper';
import { createProduct } from '../apps/server/src/modules/orders/orders.fixtures';
import { fillWorkbook, validRow, type RowValues } from '../apps/server/src/modules/order-import/order-import.fixtures';

const ROWS = Number(process.env.BENCH_ROWS ?? IMPORT_LIMITS.maxRows);
const t = await startTestApp();
await t.app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const v = await createVendor(t);
const models = ['BENCH-KFR-35GW', 'BENCH-KFR-50LW', 'BENCH-XQB80'];
for (const model of models) await createProduct(t, v.vendorId, v.userId, { model });

async function send(file: Buffer, dryRun: boolean) {
  const rawQuery = dryRun ? 'dryRun=1' : '';
  const timestamp = String(freshTimestamp());
  const signature = sign(t.config.SIGN_KEY, { method: 'POST', path: API.orderImport, rawQuery, timestamp, token: v.token, body: '' });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'orders.xlsx');
  const started = performance.now();
  const res = await fetch(`${base}${API.orderImport}${rawQuery ? `?${rawQuery}` : ''}`, {
    method: 'POST',
    headers: { role: 'manufacturer', token: v.token, timestamp, signature },
    body: form,
  });
  const json = (await res.json()) as { code: number; msg: string; data: { total: number; created: number; failed: number } };
  const ms = performance.now() - started;
  if (json.code !== 200) throw new Error(`${json.code} ${json.msg}`);
  return { ms, ...json.data };
}

const districts = ['闵行区', '徐汇区', '浦东新区', '静安区', '长宁区'];
const shapes: Array<{ name: string; rows: (i: number) => RowValues }> = [
  { name: `${ROWS} one-line orders, region names`, rows: (i) => validRow(models[i % 3]!, { realName: `客户${i}`, phone: `135${String(i).padStart(8, '0')}`, districtName: districts[i % 5]! }) },
  { name: `${ROWS / 2} two-line orders`, rows: (i) => validRow(models[i % 3]!, { realName: `客户${i >> 1}`, phone: `136${String(i >> 1).padStart(8, '0')}` }) },
  {
    name: `${ROWS} one-line orders, free-text address`,
    rows: (i) => validRow(models[i % 3]!, { realName: `客户${i}`, phone: `137${String(i).padStart(8, '0')}`, provinceName: '', cityName: '', districtName: '', detailAddress: `上海市${districts[i % 5]}莲花南路${100 + i}号` }),
  },
];

// Warm-up (connections, JIT, caches): 50 rows imported before measuring.
await send(await fillWorkbook(Array.from({ length: 50 }, (_, i) => validRow(models[0]!, { phone: `138${String(i).padStart(8, '0')}` }))), false);
const lines: string[] = [];
for (const shape of shapes) {
  const file = await fillWorkbook(Array.from({ length: ROWS }, (_, i) => shape.rows(i)));
  const preview = await send(file, true);
  const done = await send(file, false);
  if (preview.failed || done.failed) throw new Error(`${shape.name}: ${preview.failed}/${done.failed} rows failed`);
  const line = `| ${shape.name} | ${(file.length / 1024).toFixed(0)} KB | ${(preview.ms / 1000).toFixed(2)} s | ${(done.ms / 1000).toFixed(2)} s (${done.created} orders) | ${((preview.ms + done.ms) / 1000).toFixed(2)} s |`;
  lines.push(line);
  console.log(line);
}
console.log(`\n${process.env.TEST_DATABASE === 'postgres' ? 'PostgreSQL' : 'SQLite'}, ${ROWS} rows`);
console.log('| file | size | preview (dryRun=1) | import | together |\n|---|---|---|---|---|');
for (const l of lines) console.log(l);
await t.close();
