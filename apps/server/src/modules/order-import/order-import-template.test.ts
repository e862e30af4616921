import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { API } from '@portal/domain/api-paths';
import { IMPORT_COLUMNS, IMPORT_MSG, IMPORT_NOTES_SHEET, type ImportColumnKey, type ImportResult } from '@portal/domain/order-import';
import { createVendor, get, startTestApp, type TestApp } from '../../../test/helper';
import { createProduct } from '../orders/orders.fixtures';
import { fillWorkbook, postFile, validRow, type RowValues } from './order-import.fixtures';

// Issue 48 item 8: the template's example comes from the account's own catalogue (it imports as
// written), and an unpriced service names what is missing and what the product offers instead.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => t?.close());

/** The 填写说明 sheet's example row, by column key. */
async function exampleOf(token: string): Promise<Record<ImportColumnKey, string>> {
  const r = await get(t, API.orderImportTemplate, { token });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(r.res.rawPayload as unknown as ArrayBuffer);
  const notes = wb.getWorksheet(IMPORT_NOTES_SHEET)!;
  const rows: string[][] = [];
  notes.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  const header = rows.findIndex((cells) => cells.join('|') === IMPORT_COLUMNS.map((c) => c.header).join('|'));
  expect(header).toBeGreaterThan(0);
  const values = rows[header + 1]!;
  return Object.fromEntries(IMPORT_COLUMNS.map((c, i) => [c.key, values[i] ?? ''])) as Record<ImportColumnKey, string>;
}

describe('the template’s example row', () => {
  it('names the vendor’s own model and a service it offers, and imports exactly as written', async () => {
    const v = await createVendor(t);
    await createProduct(t, v.vendorId, v.userId, { model: 'OWN-RSQ-60', installation: null, guideInstallation: null, repair: 9000 });
    const example = await exampleOf(v.token);
    expect(example).toMatchObject({ model: 'OWN-RSQ-60', parole: '保内', serviceType: '维修', maintenanceType: '普通' });
    const row: RowValues = Object.fromEntries(Object.entries(example).filter(([, value]) => value !== ''));
    const d = (await postFile(t, v.token, await fillWorkbook([row]), { query: { dryRun: '1' } })).body.data as ImportResult;
    expect(d).toMatchObject({ created: 1, failed: 0, errors: [] });
  });

  it('takes 保外 when the model has only an out-of-warranty price, and says where to add a product when there is none', async () => {
    const v = await createVendor(t);
    expect((await exampleOf(v.token)).model).toBe(IMPORT_MSG.exampleNoProduct);
    await createProduct(t, v.vendorId, v.userId, { model: 'OWN-GUIDE-ONLY', installation: null, repair: null, guideInstallation: 15000, guideRepair: null });
    expect(await exampleOf(v.token)).toMatchObject({ model: 'OWN-GUIDE-ONLY', parole: '保外', serviceType: '安装' });
  });
});

describe('a service the product has no price for', () => {
  it('names the missing price and the services the product can be ordered for', async () => {
    const v = await createVendor(t);
    await createProduct(t, v.vendorId, v.userId, { model: 'PRICED-A', guideInstallation: null });
    const rows = [
      validRow('PRICED-A', { phone: '13988880001', serviceType: '清洗' }),
      validRow('PRICED-A', { phone: '13988880002', serviceType: '维修', maintenanceType: '大修' }),
      validRow('PRICED-A', { phone: '13988880003', parole: '保外', serviceType: '安装' }),
    ];
    const d = (await postFile(t, v.token, await fillWorkbook(rows), { query: { dryRun: '1' } })).body.data as ImportResult;
    expect(d.errors).toEqual([
      { row: 2, column: '服务类型', message: IMPORT_MSG.serviceNotPriced('PRICED-A', 1, '清洗', ['安装', '维修（普通）']) },
      { row: 3, column: '维修类型', message: IMPORT_MSG.serviceNotPriced('PRICED-A', 1, '大修', ['安装', '维修（普通）']) },
      { row: 4, column: '服务类型', message: IMPORT_MSG.serviceNotPriced('PRICED-A', 2, '安装', ['维修（普通）', '回收']) },
    ]);
    expect(d.errors[0]!.message).toBe('产品PRICED-A未设置清洗的保内价格，可选服务：安装、维修（普通）');
    expect(d.errors[2]!.message).toBe('产品PRICED-A没有安装的保外指导价（由平台审核产品时设置），可选服务：维修（普通）、回收');
  });
});
