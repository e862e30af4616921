import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { ORDER_MSG } from '@portal/domain/orders';
import { IMPORT_COLUMNS, IMPORT_ERROR_HEADER, IMPORT_LIMITS, IMPORT_MSG, IMPORT_NOTES_SHEET, IMPORT_SHEET, type ImportResult } from '@portal/domain/order-import';
import { createSubAccount, createVendor, get, post, startTestApp, type TestApp } from '../../../test/helper';
import { addOrder, balanceOf, createProduct, fund, ledgerSum } from '../orders/orders.fixtures';
import { fillWorkbook, postFile, validRow, type RowValues } from './order-import.fixtures';

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
const M1 = 'IMP-KFR-35GW';
const M2 = 'IMP-KFR-50LW';

const ordersOf = (vendorId: number) => t.db.selectFrom('orders').selectAll().where('vendor_id', '=', vendorId).orderBy('id').execute();
const linesOf = (orderId: number) => t.db.selectFrom('order_products').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
const phone = (i: number) => `1390000${String(1000 + i).slice(-4)}`;

async function templateBytes(token = v.token) {
  const r = await get(t, API.orderImportTemplate, { token });
  expect(r.status).toBe(200);
  expect(r.res.headers['content-type']).toContain('spreadsheetml');
  return r.res.rawPayload;
}

/** 20 rows: rows 2 and 3 one customer (one order of two lines), 3 wrong rows (6, 11, 16), 16 orders. */
function twentyRows(): RowValues[] {
  const rows: RowValues[] = [];
  for (let i = 0; i < 20; i++) rows.push(validRow(i % 2 ? M2 : M1, { realName: `客户${i}`, phone: phone(i) }));
  rows[1] = validRow(M2, { realName: '客户0', phone: phone(0) });
  rows[4] = { ...rows[4], phone: '1391234' };
  rows[9] = { ...rows[9], model: '不存在的型号' };
  rows[14] = { ...rows[14], parole: '保修' };
  return rows;
}

beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  await createProduct(t, v.vendorId, v.userId, { model: M1 });
  await createProduct(t, v.vendorId, v.userId, { model: M2 });
  await fund(t, v.vendorId, 10_000_000);
}, 60_000);
afterAll(async () => t?.close());

describe('template', () => {
  it('downloads an .xlsx with the columns, drop-downs, the instructions with an example row, and the vendor’s models', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await templateBytes()) as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet(IMPORT_SHEET)!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map((h) => String(h).replace(/^\*/, ''));
    expect(headers).toEqual(IMPORT_COLUMNS.map((c) => c.header));
    const col = (key: string) => IMPORT_COLUMNS.findIndex((c) => c.key === key) + 1;
    const dv = (key: string) => sheet.getRow(2).getCell(col(key)).dataValidation as { type: string; formulae: string[] } | undefined;
    expect(dv('parole')).toMatchObject({ type: 'list', formulae: ['"保内,保外"'] });
    expect(dv('serviceType')?.formulae[0]).toContain('安装');
    expect(dv('urgent')?.formulae[0]).toBe('"否,12小时,24小时"');
    expect(dv('model')?.formulae[0]).toContain('产品型号');
    expect(sheet.getRow(IMPORT_LIMITS.maxRows + 1).getCell(col('parole')).dataValidation).toBeTruthy();
    const models = wb.getWorksheet('产品型号')!;
    expect(models.state).toBe('hidden');
    expect([models.getCell('A2').value, models.getCell('A3').value]).toEqual([M1, M2].sort());
    const notes = wb.getWorksheet(IMPORT_NOTES_SHEET)!;
    const texts: string[] = [];
    notes.eachRow((r) => texts.push((r.values as unknown[]).slice(1).join('|')));
    // The example row names the vendor's own first model (issue 48 item 8; order-import-template.test.ts).
    expect(texts.some((line) => line.includes(`|${[M1, M2].sort()[0]}|`))).toBe(true);
  });

  it('parses back: the empty template is refused as having no rows, the filled template imports', async () => {
    const template = await templateBytes();
    expect((await postFile(t, v.token, template, { query: { dryRun: '1' } })).body).toMatchObject({ code: 400, msg: IMPORT_MSG.noRows });
    const r = await postFile(t, v.token, await fillWorkbook([validRow(M1)], template), { query: { dryRun: '1' } });
    expect(r.body).toMatchObject({ code: 200, data: { total: 1, created: 1, failed: 0, errors: [] } });
  });
});

describe('import', () => {
  it('20 rows with 3 wrong: the preview writes nothing and names exactly the 3 (row, column, message); the import creates the rest', async () => {
    const file = await fillWorkbook(twentyRows(), await templateBytes());
    const before = await ordersOf(v.vendorId);
    const preview = await postFile(t, v.token, file, { query: { dryRun: '1' } });
    expect(preview.body.code).toBe(200);
    const p = preview.body.data as ImportResult;
    expect(p.errors).toEqual([
      { row: 6, column: '客户手机号', message: MSG.phoneLength },
      { row: 11, column: '产品型号', message: IMPORT_MSG.productNotFound },
      { row: 16, column: '保内/保外', message: IMPORT_MSG.optionInvalid(['保内', '保外']) },
    ]);
    expect(p).toMatchObject({ total: 20, created: 16, failed: 3, orderIds: [], dryRun: true });
    expect(p.orders[0]).toMatchObject({ rows: [2, 3], realName: '客户0', lines: [{ model: M1, number: 1 }, { model: M2, number: 1 }], orderId: null });
    expect(await ordersOf(v.vendorId)).toEqual(before);

    const done = await postFile(t, v.token, file);
    expect(done.body).toMatchObject({ code: 200, msg: IMPORT_MSG.importOk(16) });
    const d = done.body.data as ImportResult;
    expect(d).toMatchObject({ total: 20, created: 16, failed: 3, errors: p.errors, dryRun: false });
    expect(d.orderIds).toHaveLength(16);
    const after = await ordersOf(v.vendorId);
    expect(after.length - before.length).toBe(16);
    const created = after.filter((o) => d.orderIds.includes(o.id));
    expect(created.every((o) => o.status === 100 && o.created_by === v.userId)).toBe(true);
    expect(await linesOf(d.orderIds[0]!)).toHaveLength(2);
    expect(new Set(created.map((o) => o.phone)).has('1391234')).toBe(false);
  });

  it('prices an imported order exactly as the form does, and it is paid through the pay endpoint', async () => {
    const r = await postFile(t, v.token, await fillWorkbook([validRow(M1, { phone: '13911112222', urgent: '12小时', urgentPrice: 30, orderSource: '京东', orderSourceNum: 'JD1' })]));
    const [id] = r.body.data.orderIds as number[];
    const product = (await t.db.selectFrom('products').select('id').where('model_name', '=', M1).executeTakeFirstOrThrow()).id;
    const formId = await addOrder(t, v.token, [product], { phone: '13911112222', realName: '张三', urgentFlag: '1', urgentType: 1, urgentPrice: '30', orderSource: '京东', orderSourceNum: 'JD1' });
    const pair = await Promise.all([id, formId].map((i) => t.db.selectFrom('orders').selectAll().where('id', '=', i!).executeTakeFirstOrThrow()));
    const a = pair[0]!;
    const b = pair[1]!;
    for (const k of ['total_fen', 'discount_fen', 'expenses', 'urgent_price_fen', 'urgent_type', 'status', 'province_id', 'city_id', 'district_id', 'detail_address', 'order_source', 'order_source_num'] as const) {
      expect(String(a[k]), k).toBe(String(b[k]));
    }
    expect(r.body.data.orders[0]).toMatchObject({ orderId: id, status: 100, totalPrice: Number(a.total_fen) / 100 });
    const balance = await balanceOf(t, v.vendorId);
    expect((await post(t, API.orderPay(id!), {}, { token: v.token })).body.code).toBe(200);
    expect(await balanceOf(t, v.vendorId)).toBe(balance - Number(a.total_fen));
    expect(await balanceOf(t, v.vendorId)).toBe(await ledgerSum(t, v.vendorId));
  });

  it('groups rows of one customer and address into one order; a wrong row keeps its whole order out; order columns must agree', async () => {
    const rows: RowValues[] = [
      validRow(M1, { phone: '13922220001', number: 2 }),
      validRow(M2, { phone: '13922220001' }), // same order, second line
      validRow(M1, { phone: '13922220001', districtName: '徐汇区' }), // another address: another order
      validRow(M1, { phone: '13922220002', serviceType: '安装' }),
      validRow(M2, { phone: '13922220002', serviceType: '维修' }), // disagrees with row 5
      // free-text address and short region names
      validRow(M1, { phone: '13922220003', provinceName: '', cityName: '', districtName: '', detailAddress: '上海市闵行区莲花南路1500弄3号' }),
      validRow(M1, { phone: '13922220004', provinceName: '上海', cityName: '上海', districtName: '闵行' }),
      validRow(M1, { phone: '13922220005', provinceName: '上海市', cityName: '上海市', districtName: '不存在区' }),
      validRow(M1, { phone: '13922220006', serviceType: '清洗' }), // the product does not offer cleaning
      validRow(M1, { phone: '13922220007', parole: '保内', serviceType: '回收' }),
    ];
    const r = await postFile(t, v.token, await fillWorkbook(rows), { query: { dryRun: '1' } });
    const d = r.body.data as ImportResult;
    expect(d.errors).toEqual([
      { row: 5, column: '', message: IMPORT_MSG.groupFailed([6]) },
      { row: 6, column: '服务类型', message: IMPORT_MSG.orderMismatch(5) },
      { row: 9, column: '区/县', message: IMPORT_MSG.regionNotFound },
      { row: 10, column: '服务类型', message: IMPORT_MSG.serviceNotPriced(M1, 1, '清洗', ['安装', '维修（普通）']) },
      { row: 11, column: '服务类型', message: ORDER_MSG.recycleOutOfWarrantyOnly },
    ]);
    expect(d).toMatchObject({ total: 10, created: 4, failed: 5 });
    expect(d.orders.map((o) => o.rows)).toEqual([[2, 3], [4], [7], [8]]);
    expect(d.orders[0]!.lines).toEqual([{ model: M1, number: 2 }, { model: M2, number: 1 }]);
    expect(d.orders[2]!.address).toBe('上海市闵行区莲花南路1500弄3号');
  });

  it('a later row of an order may leave the order’s own columns empty: they are the first row’s (decision 166)', async () => {
    const first = validRow(M1, { phone: '13922230001', urgent: '24小时', urgentPrice: 20, remarks: '请带梯子', orderSourceNum: 'JD-166-1' });
    const later = validRow(M2, { phone: '13922230001', number: 2, parole: '', serviceType: '', urgent: '', urgentPrice: '', remarks: '', orderSourceNum: '' });
    const r = await postFile(t, v.token, await fillWorkbook([first, later]), { query: { dryRun: '1' } });
    expect(r.body.data).toMatchObject({ total: 2, created: 1, failed: 0, errors: [] });
    const made = await postFile(t, v.token, await fillWorkbook([first, later]));
    const [id] = made.body.data.orderIds as number[];
    const o = (await ordersOf(v.vendorId)).find((x) => x.id === id)!;
    expect(o).toMatchObject({ parole: 1, service_type: 1, urgent_flag: 1, remarks: '请带梯子', order_source_num: 'JD-166-1' });
    expect((await linesOf(id!)).map((l) => l.number)).toEqual([1, 2]);
  });

  it('a file imported again names each likely duplicate (same phone, address and products, not cancelled) and skipDuplicates=1 creates none of them', async () => {
    const file = await fillWorkbook([
      validRow(M1, { phone: '13922250001' }),
      validRow(M1, { phone: '13922250002' }),
      validRow(M1, { phone: '13922250003' }),
    ]);
    const first = await postFile(t, v.token, file);
    const [a, b, c] = first.body.data.orderIds as number[];
    expect(first.body.data).toMatchObject({ created: 3, skipped: 0 });
    expect((first.body.data as ImportResult).orders.every((o) => o.duplicateOf === null)).toBe(true);
    const numbers = new Map((await ordersOf(v.vendorId)).map((o) => [o.id, o.order_no]));
    // The third is cancelled: ordering it again is no duplicate. Another product for the second phone is none either.
    expect((await post(t, API.orderCancel, { ids: [c], closeRemark: '客户取消' }, { token: v.token })).body.code).toBe(200);
    const again = await fillWorkbook([
      validRow(M1, { phone: '13922250001' }),
      validRow(M1, { phone: '13922250002' }),
      validRow(M1, { phone: '13922250003' }),
      validRow(M2, { phone: '13922250002', detailAddress: '莲花南路1500弄5号' }),
    ]);
    const preview = (await postFile(t, v.token, again, { query: { dryRun: '1' } })).body.data as ImportResult;
    expect(preview.orders.map((o) => o.duplicateOf)).toEqual([numbers.get(a!), numbers.get(b!), null, null]);
    expect(preview).toMatchObject({ created: 4, skipped: 0 });

    const before = (await ordersOf(v.vendorId)).length;
    const skipping = (await postFile(t, v.token, again, { query: { skipDuplicates: '1' } })).body.data as ImportResult;
    expect(skipping).toMatchObject({ created: 2, skipped: 2, failed: 0 });
    expect(skipping.orders.filter((o) => o.skipped).map((o) => [o.orderId, o.duplicateOf])).toEqual([[null, numbers.get(a!)], [null, numbers.get(b!)]]);
    expect((await ordersOf(v.vendorId)).length).toBe(before + 2);
  });

  it('answers the upload as the same workbook holding only its wrong rows, each with its 错误原因, writing nothing', async () => {
    const before = await ordersOf(v.vendorId);
    const r = await postFile(t, v.token, await fillWorkbook(twentyRows()), { path: API.orderImportResult });
    expect(r.status).toBe(200);
    expect(r.res.headers['content-disposition']).toContain('filename*=');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet(IMPORT_SHEET)!;
    const col = IMPORT_COLUMNS.length + 1;
    expect(sheet.getRow(1).getCell(col).value).toBe(IMPORT_ERROR_HEADER);
    // Rows 6, 11 and 16 of the upload, now rows 2 to 4 (decision 240: the good rows are not handed back).
    expect(sheet.getRow(2).getCell(col).value).toBe(`客户手机号：${MSG.phoneLength}`);
    expect(sheet.actualRowCount).toBe(4);
    expect(await ordersOf(v.vendorId)).toEqual(before);
    // The annotated file uploads again: its 错误原因 column is ignored.
    const again = await postFile(t, v.token, r.res.rawPayload, { query: { dryRun: '1' } });
    expect(again.body.data.errors).toHaveLength(3);
  });

  it('the 错误原因 workbook names other rows by their numbers in that workbook, and a row it left out as 原表第N行', async () => {
    const rows: RowValues[] = [
      validRow(M1, { phone: '13922240001', orderSourceNum: 'TB-240-1' }), // row 2: good, left out
      validRow(M1, { phone: '13922240002' }), // row 3: good, but its order's row 4 is wrong
      validRow('不存在的型号', { phone: '13922240002' }), // row 4
      validRow(M1, { phone: '13922240003', orderSourceNum: 'TB-240-1' }), // row 5: row 2's source number
    ];
    const r = await postFile(t, v.token, await fillWorkbook(rows), { path: API.orderImportResult });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet(IMPORT_SHEET)!;
    const col = IMPORT_COLUMNS.length + 1;
    const reasons = [2, 3, 4].map((n) => sheet.getRow(n).getCell(col).value);
    expect(sheet.actualRowCount).toBe(4);
    expect(reasons).toEqual([
      IMPORT_MSG.groupFailed([3]),
      `产品型号：${IMPORT_MSG.productNotFound}`,
      `来源单号：${IMPORT_MSG.sourceNumRepeated(2).replace('第2行', '原表第2行')}`,
    ]);
  });
});

describe('refusals in Chinese, never a server error', () => {
  const refuse = async (file: Buffer, msg: string, opts: Parameters<typeof postFile>[3] = {}) => {
    const r = await postFile(t, v.token, file, { query: { dryRun: '1' }, ...opts });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 400, msg });
  };
  it('refuses a broken, foreign, oversized or over-long file', async () => {
    await refuse(Buffer.from('不是Excel文件'), IMPORT_MSG.fileInvalid);
    await refuse(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]), IMPORT_MSG.fileInvalid);
    await refuse(Buffer.alloc(IMPORT_LIMITS.maxBytes + 10, 1), IMPORT_MSG.fileTooLarge);
    await refuse(Buffer.alloc(0), IMPORT_MSG.fileRequired);
    await refuse(await fillWorkbook([validRow(M1)]), IMPORT_MSG.fileRequired, { field: 'other' });
    const rows = Array.from({ length: IMPORT_LIMITS.maxRows + 1 }, (_, i) => validRow(M1, { phone: phone(i) }));
    await refuse(await fillWorkbook(rows), IMPORT_MSG.tooManyRows);
    const noModel = new ExcelJS.Workbook();
    noModel.addWorksheet(IMPORT_SHEET).addRow(['客户姓名', '客户手机号', '详细地址', '保内/保外', '服务类型']);
    noModel.getWorksheet(IMPORT_SHEET)!.addRow(['张三']);
    await refuse(Buffer.from(await noModel.xlsx.writeBuffer()), IMPORT_MSG.headersNotFound(IMPORT_SHEET, 1, ['产品型号']));
    expect((await post(t, API.orderImport, { file: 'x' }, { token: v.token })).body).toMatchObject({ code: 400, msg: IMPORT_MSG.fileRequired });
  });
});

describe('permission and repeats', () => {
  it('refuses a sub-account without app:order:add (403) on every import route, and lets one with it import', async () => {
    const file = await fillWorkbook([validRow(M1, { phone: '13933330001' })]);
    const none = await createSubAccount(t, v.vendorId, [[12, 0], 121, 122, 123, 124, 125, 126, 127]);
    const before = await ordersOf(v.vendorId);
    expect((await get(t, API.orderImportTemplate, { token: none.token })).body).toMatchObject({ code: 403, msg: MSG.forbidden });
    expect((await postFile(t, none.token, file)).body).toMatchObject({ code: 403, msg: MSG.forbidden });
    expect((await postFile(t, none.token, file, { path: API.orderImportResult })).body).toMatchObject({ code: 403, msg: MSG.forbidden });
    expect(await ordersOf(v.vendorId)).toEqual(before);
    const adder = await createSubAccount(t, v.vendorId, [[11, 0]]);
    const r = await postFile(t, adder.token, file);
    expect(r.body).toMatchObject({ code: 200, data: { created: 1 } });
    const o = await t.db.selectFrom('orders').select('created_by').where('id', '=', r.body.data.orderIds[0]).executeTakeFirstOrThrow();
    expect(o.created_by).toBe(adder.userId);
  });

  it('parallel submissions of one import (one Idempotency-Key) create its orders once and answer alike', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => validRow(M1, { phone: `1394444000${i}` }));
    const file = await fillWorkbook(rows);
    const before = (await ordersOf(v.vendorId)).length;
    const headers = { 'idempotency-key': `import-${Date.now()}` };
    const answers = await Promise.all(Array.from({ length: 6 }, () => postFile(t, v.token, file, { headers })));
    expect((await ordersOf(v.vendorId)).length - before).toBe(5);
    const ok = answers.filter((a) => a.body.code === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of ok) expect(a.body.data.orderIds).toEqual(ok[0]!.body.data.orderIds);
    for (const a of answers.filter((x) => x.body.code !== 200)) expect(a.body.code).toBe(400);
    // A later repeat replays the stored answer.
    const replay = await postFile(t, v.token, file, { headers });
    expect(replay.res.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data.orderIds).toEqual(ok[0]!.body.data.orderIds);
    expect((await ordersOf(v.vendorId)).length - before).toBe(5);
  });
});
