import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { API } from '@portal/domain/api-paths';
import { ORDER_MSG } from '@portal/domain/orders';
import { IMPORT_COLUMNS, IMPORT_MSG, IMPORT_SHEET, type ImportError } from '@portal/domain/order-import';
import { createVendor, post, startTestApp, type TestApp } from '../../../test/helper';
import { createProduct, fund, orderPayload } from '../orders/orders.fixtures';
import { fillWorkbook, postFile, validRow, type RowValues } from './order-import.fixtures';

// Cells as merchants fill them (review import #3 #4 #6 #7 #8 #9, decision 300): addresses that name
// several places, door times that do not exist or are written the Chinese way, a title row, a summary
// sheet, merged customer cells, short province names and full-width digits.

let t: TestApp;
let v: Awaited<ReturnType<typeof createVendor>>;
let productId: number;
const M = 'CELLS-KFR-35GW';
const M2 = 'CELLS-K20';
const col = (key: string) => IMPORT_COLUMNS.findIndex((c) => c.key === key) + 1;
const HEADERS = IMPORT_COLUMNS.map((c) => (c.required ? `*${c.header}` : c.header));
const rowValues = (r: RowValues) => IMPORT_COLUMNS.map((c) => r[c.key] ?? null);
const errorsOf = (body: { data: { errors: ImportError[] } }) => body.data.errors.map((e) => [e.row, e.column, e.message]);
const preview = (file: Buffer) => postFile(t, v.token, file, { query: { dryRun: '1' } });
const header = (key: string) => IMPORT_COLUMNS.find((c) => c.key === key)!.header;
let seq = 0;
const phone = () => `1377${String(Date.now() % 10000).padStart(4, '0')}${String(seq++).padStart(3, '0')}`;
const doorTimeOf = async (orderId: number) => {
  const o = await t.db.selectFrom('orders').select('door_time').where('id', '=', orderId).executeTakeFirstOrThrow();
  return new Date(o.door_time!).toISOString();
};
const shanghai = (text: string) => new Date(`${text}+08:00`).toISOString();

beforeAll(async () => {
  t = await startTestApp();
  v = await createVendor(t);
  productId = await createProduct(t, v.vendorId, v.userId, { model: M });
  await createProduct(t, v.vendorId, v.userId, { model: M2 });
  await fund(t, v.vendorId, 10_000_000);
}, 60_000);
afterAll(async () => t?.close());

describe('address without 省市区 (#3)', () => {
  it('text naming a district several places have is refused on 详细地址 with the candidates; one place is taken', async () => {
    const none = { provinceName: '', cityName: '', districtName: '' };
    const r = await preview(await fillWorkbook([
      validRow(M, { ...none, phone: phone(), detailAddress: '朝阳区建国路24号' }),
      validRow(M, { ...none, phone: phone(), detailAddress: '鼓楼区中山路1号' }),
      validRow(M, { ...none, phone: phone(), detailAddress: '北京市朝阳区建国路24号' }),
    ]));
    expect(r.body.code).toBe(200);
    const [first, second] = r.body.data.errors as ImportError[];
    expect(first).toMatchObject({ row: 2, column: header('detailAddress') });
    expect(first!.message).toMatch(/^详细地址可能属于多个地区（.*吉林省长春市朝阳区.*北京市朝阳区.*），请填写省、市、区三列$/);
    expect(second).toMatchObject({ row: 3, column: header('detailAddress') });
    expect(second!.message).toContain('河南省开封市鼓楼区');
    expect(second!.message).toContain('江苏省南京市鼓楼区');
    expect(r.body.data.errors).toHaveLength(2);
    expect(r.body.data.orders[0].address).toBe('北京市朝阳区建国路24号');
  });
});

describe('上门时间 (#4 #7)', () => {
  it('a day or clock time that does not exist is refused, on import and on 一键下单 alike', async () => {
    const typed = ['2030-11-31 10:00', '2030-12-20 24:30', '2031-02-30 25:99', '2030-12-20 15:60'];
    const r = await preview(await fillWorkbook(typed.map((doorTime) => validRow(M, { phone: phone(), doorTime }))));
    expect(errorsOf(r.body)).toEqual(typed.map((_, i) => [i + 2, header('doorTime'), ORDER_MSG.doorTimeNotReal]));
    for (const doorTime of ['2030-11-31 10:00:00', '2030-12-20 24:30:00', '2030-02-29 10:00:00']) {
      const add = await post(t, API.orderAdd, orderPayload([productId], { doorTime }), { token: v.token });
      expect(add.body, doorTime).toMatchObject({ code: 400, msg: ORDER_MSG.doorTimeNotReal });
    }
    const ok = await post(t, API.orderAdd, orderPayload([productId], { doorTime: '2032-02-29 23:59:00' }), { token: v.token });
    expect(ok.body.code).toBe(200);
  });

  it('reads 2030年12月20日 15:30, 2030年12月20日, 2030.12.20 and a date serial in a General cell; what it cannot read gets the format message', async () => {
    const rows = [
      validRow(M, { phone: phone(), doorTime: '2030年12月20日 15:30' }),
      validRow(M, { phone: phone(), doorTime: '2030年12月21日' }),
      validRow(M, { phone: phone(), doorTime: '2030.12.22' }),
      validRow(M, { phone: phone(), doorTime: 47475.6458333 }), // 2029-12-23 15:30
      validRow(M, { phone: phone(), doorTime: '下周一上午' }),
      validRow(M, { phone: phone(), doorTime: '2030-12-2015:30' }),
      validRow(M, { phone: phone(), doorTime: '2030年12月24日14:05' }),
    ];
    const r = await postFile(t, v.token, await fillWorkbook(rows));
    expect(errorsOf(r.body)).toEqual([[6, header('doorTime'), ORDER_MSG.doorTimeFormat], [7, header('doorTime'), ORDER_MSG.doorTimeFormat]]);
    const ids = r.body.data.orderIds as number[];
    expect(await Promise.all(ids.map(doorTimeOf))).toEqual(
      ['2030-12-20T15:30:00', '2030-12-21T15:30:00', '2030-12-22T15:30:00', '2029-12-23T15:30:00', '2030-12-24T14:05:00'].map(shanghai),
    );
  });

  it('reads real Excel dates in the zh-CN built-in formats 57, 58 and 31, which the streaming reader leaves as numbers', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet(IMPORT_SHEET);
    sheet.addRow(HEADERS);
    const formats = ['"FMT57"', '"FMT58"', '"FMT31"'];
    formats.forEach((numFmt, i) => {
      const row = sheet.addRow(rowValues(validRow(M, { phone: phone() })));
      const cell = row.getCell(col('doorTime'));
      cell.value = new Date(Date.UTC(2030, 11, 20 + i));
      cell.numFmt = numFmt;
    });
    // Point each style at Excel's built-in zh-CN id instead of a custom format, as Chinese Excel and WPS write it.
    const zip = await JSZip.loadAsync(await wb.xlsx.writeBuffer());
    let styles = await zip.file('xl/styles.xml')!.async('string');
    for (const [fmt, id] of [['FMT57', 57], ['FMT58', 58], ['FMT31', 31]] as const) {
      const custom = new RegExp(`<numFmt numFmtId="(\\d+)" formatCode="&quot;${fmt}&quot;"\\s*/>`).exec(styles)!;
      styles = styles.replace(custom[0], '').replaceAll(`numFmtId="${custom[1]}"`, `numFmtId="${id}"`);
    }
    zip.file('xl/styles.xml', styles);
    const r = await postFile(t, v.token, await zip.generateAsync({ type: 'nodebuffer' }));
    expect(r.body).toMatchObject({ code: 200, data: { created: 3, errors: [] } });
    expect(await Promise.all((r.body.data.orderIds as number[]).map(doorTimeOf))).toEqual(
      ['2030-12-20T15:30:00', '2030-12-21T15:30:00', '2030-12-22T15:30:00'].map(shanghai),
    );
  });
});

describe('where the headers are (#8)', () => {
  it('a title row above the headers, and a summary sheet before the data sheet, are read', async () => {
    const titled = new ExcelJS.Workbook();
    const s1 = titled.addWorksheet(IMPORT_SHEET);
    s1.addRow(['华东家电 12月安装单']);
    s1.addRow([]);
    s1.addRow(HEADERS);
    s1.addRow(rowValues(validRow(M, { phone: phone() })));
    const a = await preview(Buffer.from(await titled.xlsx.writeBuffer()));
    expect(a.body).toMatchObject({ code: 200, data: { created: 1, errors: [] } });
    expect(a.body.data.orders[0].rows).toEqual([4]);

    const own = new ExcelJS.Workbook();
    own.addWorksheet('汇总').addRow(['本月合计', 12]);
    const data = own.addWorksheet('Sheet1');
    data.addRow(HEADERS);
    data.addRow(rowValues(validRow(M, { phone: phone() })));
    const b = await preview(Buffer.from(await own.xlsx.writeBuffer()));
    expect(b.body).toMatchObject({ code: 200, data: { created: 1, errors: [] } });
  });

  it('a workbook without the headers is told which sheet and row were read', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('汇总').addRow(['本月合计', 12]);
    const required = IMPORT_COLUMNS.filter((c) => c.required).map((c) => c.header);
    const r = await preview(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(r.body).toMatchObject({ code: 400, msg: IMPORT_MSG.headersNotFound('汇总', 0, required) });
    expect(r.body.msg).toContain('未在工作表“汇总”的前10行找到表头');

    const partial = new ExcelJS.Workbook();
    const s = partial.addWorksheet('Sheet1');
    s.addRow(['订单']);
    s.addRow(['客户姓名', '客户手机号', '详细地址']);
    const p = await preview(Buffer.from(await partial.xlsx.writeBuffer()));
    expect(p.body.msg).toBe(IMPORT_MSG.headersNotFound('Sheet1', 2, required.filter((h) => !['客户姓名', '客户手机号', '详细地址'].includes(h))));
  });
});

describe('merged customer cells (#6)', () => {
  it('a customer merged over three product rows makes one order of three lines', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet(IMPORT_SHEET);
    sheet.addRow(HEADERS);
    const p = phone();
    sheet.addRow(rowValues(validRow(M, { realName: '合并客户', phone: p, doorTime: '2030-12-20 10:00' })));
    sheet.addRow(rowValues({ model: M2, number: 2 }));
    sheet.addRow(rowValues({ model: M, number: 3 }));
    for (const key of ['realName', 'phone', 'provinceName', 'cityName', 'districtName', 'detailAddress', 'doorTime', 'parole', 'serviceType']) {
      sheet.mergeCells(2, col(key), 4, col(key));
    }
    const r = await postFile(t, v.token, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(r.body).toMatchObject({ code: 200, data: { created: 1, failed: 0, errors: [] } });
    expect(r.body.data.orders[0]).toMatchObject({ rows: [2, 3, 4], phone: p, lines: [{ model: M, number: 1 }, { model: M2, number: 2 }, { model: M, number: 3 }] });
    const lines = await t.db.selectFrom('order_products').select('id').where('order_id', '=', r.body.data.orderIds[0]).execute();
    expect(lines).toHaveLength(3);
  });
});

describe('short region names (#9) and full-width digits', () => {
  it('广西, 新疆, 宁夏, 恩施州, 延边州, 仙桃 and 重庆/重庆/石柱县 are matched to the region table', async () => {
    const places: Array<[string, string, string, string]> = [
      ['广西', '南宁', '青秀区', '450103'],
      ['新疆', '乌鲁木齐', '天山区', '650102'],
      ['宁夏', '银川', '兴庆区', '640104'],
      ['湖北省', '恩施州', '恩施市', '422801'],
      ['吉林', '延边州', '延吉市', '222401'],
      ['湖北', '仙桃市', '', '429004'],
      ['湖北', '仙桃', '仙桃市', '429004'],
      ['重庆', '重庆', '石柱县', '500240'],
    ];
    const r = await preview(await fillWorkbook(places.map(([provinceName, cityName, districtName]) => validRow(M, { phone: phone(), provinceName, cityName, districtName }))));
    expect(r.body).toMatchObject({ code: 200, data: { errors: [] } });
    const districts = await t.db.selectFrom('regions').select(['code', 'name']).where('code', 'in', places.map((x) => x[3])).execute();
    const name = new Map(districts.map((d) => [d.code, d.name]));
    expect((r.body.data.orders as Array<{ address: string }>).map((o) => o.address)).toEqual(places.map((x) => expect.stringContaining(`${name.get(x[3])}莲花南路`)));
    const wrong = await preview(await fillWorkbook([validRow(M, { phone: phone(), provinceName: '广西', cityName: '不存在市', districtName: '青秀区' })]));
    expect(errorsOf(wrong.body)).toEqual([[2, header('cityName'), IMPORT_MSG.regionNotFound]]);
  });

  it('reads full-width digits in 手机号, 数量 and 加急费', async () => {
    const r = await preview(await fillWorkbook([validRow(M, { phone: '１３９２２２２０００５', number: '２', urgent: '24小时', urgentPrice: '３０' })]));
    expect(r.body).toMatchObject({ code: 200, data: { errors: [] } });
    expect(r.body.data.orders[0]).toMatchObject({ phone: '13922220005', lines: [{ model: M, number: 2 }] });
  });
});
