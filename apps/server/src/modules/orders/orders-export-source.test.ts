import { afterAll, beforeAll, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { API } from '@portal/domain/api-paths';
import { createVendor, post, startTestApp, type TestApp } from '../../../test/helper';
import { addOrder, createProduct } from './orders.fixtures';

// Issue 48 item 5 (export half): the order export carries 订单来源 and 来源单号, so an order from a shop
// can be matched back to the shop's own order number in the spreadsheet.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => t?.close());

it('exports 订单来源 and 来源单号 beside each order (empty when the order has none)', async () => {
  const v = await createVendor(t);
  const product = await createProduct(t, v.vendorId, v.userId);
  const fromShop = await addOrder(t, v.token, [product], { orderSource: '京东', orderSourceNum: 'JD20261201002' });
  const plain = await addOrder(t, v.token, [product]);
  const r = await post(t, API.orderExport, { listOrderId: [fromShop, plain] }, { token: v.token });
  expect(r.res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(r.res.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const source = headers.indexOf('订单来源') + 1;
  const num = headers.indexOf('来源单号') + 1;
  expect(source).toBeGreaterThan(0);
  expect(num).toBe(source + 1);
  const numbers = await t.db.selectFrom('orders').select(['id', 'order_no']).where('id', 'in', [fromShop, plain]).execute();
  const rowOf = (id: number) => {
    const no = numbers.find((n) => n.id === id)!.order_no;
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((row, n) => void (n > 1 && row.getCell(1).value === no && (found = row)));
    return found!;
  };
  expect([rowOf(fromShop).getCell(source).value, rowOf(fromShop).getCell(num).value]).toEqual(['京东', 'JD20261201002']);
  expect([rowOf(plain).getCell(source).value ?? '', rowOf(plain).getCell(num).value ?? '']).toEqual(['', '']);
});
