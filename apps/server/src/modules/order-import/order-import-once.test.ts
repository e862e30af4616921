import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { API } from '@portal/domain/api-paths';
import { IMPORT_COLUMNS, IMPORT_ERROR_HEADER, IMPORT_MSG, IMPORT_SHEET, type ImportResult } from '@portal/domain/order-import';
import { createVendor, startTestApp, type TestApp } from '../../../test/helper';
import { addOrder, createProduct, fund } from '../orders/orders.fixtures';
import { fillWorkbook, postFile, validRow, type RowValues } from './order-import.fixtures';

// Issue 48 item 1 (decision 240): an import never creates an order twice — the 错误原因 workbook holds
// only the rows not imported, and a 来源单号 the vendor already has is refused, naming its order.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
const M1 = 'ONCE-KFR-35GW';
let run = 0;

const ordersWithSource = (num: string) =>
  t.db.selectFrom('orders').select(['id', 'order_no']).where('vendor_id', '=', v.vendorId).where('order_source_num', '=', num).execute();
const orderCount = async () => (await t.db.selectFrom('orders').select('id').where('vendor_id', '=', v.vendorId).execute()).length;

/** 10 rows, each its own customer and source number; rows 4 and 8 wrong (a short phone, an unknown model). */
function tenRows(prefix: string): RowValues[] {
  return Array.from({ length: 10 }, (_, i) => {
    const row = validRow(M1, { realName: `客户${i}`, phone: `1395555${String(1000 + 10 * run + i).slice(-4)}`, orderSource: '京东', orderSourceNum: `${prefix}${String(i).padStart(3, '0')}` });
    if (i === 2) row.phone = '1395';
    if (i === 6) row.model = '没有的型号';
    return row;
  });
}

async function rowsOf(file: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = wb.getWorksheet(IMPORT_SHEET)!;
  const col = (key: string) => IMPORT_COLUMNS.findIndex((c) => c.key === key) + 1;
  const out: Array<{ num: string; phone: string; error: string }> = [];
  expect(sheet.getRow(1).getCell(IMPORT_COLUMNS.length + 1).value).toBe(IMPORT_ERROR_HEADER);
  sheet.eachRow((r, n) => {
    if (n > 1) out.push({ num: String(r.getCell(col('orderSourceNum')).value ?? ''), phone: String(r.getCell(col('phone')).value ?? ''), error: String(r.getCell(IMPORT_COLUMNS.length + 1).value ?? '') });
  });
  return { wb, sheet, out, col };
}

beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  await createProduct(t, v.vendorId, v.userId, { model: M1 });
  await fund(t, v.vendorId, 10_000_000);
}, 60_000);
afterAll(async () => t?.close());

describe('the 错误原因 workbook', () => {
  it('holds only the rows the import did not create; fixed and uploaded again, it imports them and nothing twice', async () => {
    run++;
    const file = await fillWorkbook(tenRows('WB'));
    const before = await orderCount();
    const done = (await postFile(t, v.token, file)).body.data as ImportResult;
    expect(done).toMatchObject({ created: 8, failed: 2 });
    const notCreated = [...new Set(done.errors.map((e) => e.row))];
    expect(notCreated).toEqual([4, 8]);

    // As the web asks for it after the import: the rows its import did not create.
    const r = await postFile(t, v.token, file, { path: API.orderImportResult, fields: { rows: notCreated.join(',') } });
    expect(r.status).toBe(200);
    const { wb, sheet, out, col } = await rowsOf(r.res.rawPayload);
    expect(out.map((o) => o.num)).toEqual(['WB002', 'WB006']);
    expect(out[0]!.error).toContain('客户手机号');
    expect(out[1]!.error).toContain(IMPORT_MSG.productNotFound);

    // The merchant fixes the two rows and uploads the same file: exactly those two are created.
    sheet.getRow(2).getCell(col('phone')).value = '13955559992';
    sheet.getRow(3).getCell(col('model')).value = M1;
    const fixed = Buffer.from(await wb.xlsx.writeBuffer());
    const preview = (await postFile(t, v.token, fixed, { query: { dryRun: '1' } })).body.data as ImportResult;
    expect(preview).toMatchObject({ total: 2, created: 2, failed: 0 });
    expect((await postFile(t, v.token, fixed)).body.data).toMatchObject({ created: 2, failed: 0 });
    expect((await orderCount()) - before).toBe(10);
    for (let i = 0; i < 10; i++) expect(await ordersWithSource(`WB${String(i).padStart(3, '0')}`)).toHaveLength(1);
  });

  it('without the rows named, keeps the rows that fail now (before an import: the wrong rows only)', async () => {
    run++;
    const r = await postFile(t, v.token, await fillWorkbook(tenRows('PV')), { path: API.orderImportResult });
    expect((await rowsOf(r.res.rawPayload)).out.map((o) => o.num)).toEqual(['PV002', 'PV006']);
  });

  it('refuses a rows field that is not a list of row numbers, in Chinese', async () => {
    const r = await postFile(t, v.token, await fillWorkbook([validRow(M1)]), { path: API.orderImportResult, fields: { rows: '2,abc' } });
    expect(r.body).toMatchObject({ code: 400, msg: IMPORT_MSG.rowsInvalid });
  });
});

describe('one order per 来源单号', () => {
  it('the whole file uploaded again creates nothing, and every row names the order that holds its source number', async () => {
    run++;
    const file = await fillWorkbook(tenRows('AG'));
    expect((await postFile(t, v.token, file)).body.data).toMatchObject({ created: 8 });
    const before = await orderCount();
    const again = (await postFile(t, v.token, file, { query: { dryRun: '1' } })).body.data as ImportResult;
    expect(again.created).toBe(0);
    const [holder] = await ordersWithSource('AG000');
    expect(again.errors).toContainEqual({ row: 2, column: '来源单号', message: IMPORT_MSG.sourceNumTaken('AG000', holder!.order_no) });
    expect((await postFile(t, v.token, file)).body.data).toMatchObject({ created: 0, failed: 10 });
    expect(await orderCount()).toBe(before);
  });

  it('refuses a number an order created on the form holds, and a number two orders of one file share', async () => {
    const product = (await t.db.selectFrom('products').select('id').where('model_name', '=', M1).executeTakeFirstOrThrow()).id;
    await addOrder(t, v.token, [product], { orderSource: '天猫', orderSourceNum: 'TM-FORM-1' });
    const [formOrder] = await ordersWithSource('TM-FORM-1');
    const rows = [
      validRow(M1, { phone: '13966660001', orderSourceNum: 'TM-FORM-1' }),
      validRow(M1, { phone: '13966660002', orderSourceNum: 'TM-NEW-1' }),
      validRow(M1, { phone: '13966660002', orderSourceNum: 'TM-NEW-1', number: 2 }), // the same order's second line (a row repeated as it is would be refused, decision 299)
      validRow(M1, { phone: '13966660003', orderSourceNum: 'TM-NEW-1' }), // another order, same number
    ];
    const d = (await postFile(t, v.token, await fillWorkbook(rows))).body.data as ImportResult;
    expect(d.errors).toEqual([
      { row: 2, column: '来源单号', message: IMPORT_MSG.sourceNumTaken('TM-FORM-1', formOrder!.order_no) },
      { row: 5, column: '来源单号', message: IMPORT_MSG.sourceNumRepeated(3) },
    ]);
    expect(d.created).toBe(1);
    expect(await ordersWithSource('TM-FORM-1')).toHaveLength(1);
    expect(await ordersWithSource('TM-NEW-1')).toHaveLength(1);
  });

  it('one file imported twice at once (two clicks, two keys) creates each source number’s order once', async () => {
    run++;
    const rows = Array.from({ length: 6 }, (_, i) => validRow(M1, { phone: `1397777000${i}`, orderSourceNum: `PAR${run}-${i}` }));
    const file = await fillWorkbook(rows);
    const before = await orderCount();
    const answers = await Promise.all(Array.from({ length: 4 }, (_, k) => postFile(t, v.token, file, { headers: { 'idempotency-key': `once-${run}-${k}` } })));
    for (const a of answers) expect(a.body.code).toBe(200);
    expect(answers.reduce((n, a) => n + a.body.data.created, 0)).toBe(6);
    expect((await orderCount()) - before).toBe(6);
    for (let i = 0; i < 6; i++) expect(await ordersWithSource(`PAR${run}-${i}`)).toHaveLength(1);
    // Every refused row names the order that holds its number.
    for (const a of answers) for (const e of a.body.data.errors as ImportResult['errors']) expect(e.message).toMatch(/^来源单号PAR.*已有订单GD\d+，不能重复导入$/);
  });
});
