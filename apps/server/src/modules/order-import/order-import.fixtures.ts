import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { API } from '@portal/domain/api-paths';
import { IMPORT_COLUMNS, IMPORT_SHEET, type ImportColumnKey } from '@portal/domain/order-import';
import type { TestApp } from '../../../test/helper';

// Test fixtures for the bulk import: a filled workbook (from the real template or from scratch) and a
// signed multipart upload as the web client sends it.

export type RowValues = Partial<Record<ImportColumnKey, string | number>>;

/** A valid row for `model` (Shanghai, 保内 安装). */
export const validRow = (model: string, patch: RowValues = {}): RowValues => ({
  realName: '张三', phone: '13912345678', provinceName: '上海市', cityName: '上海市', districtName: '闵行区',
  detailAddress: '莲花南路1500弄3号', model, number: 1, parole: '保内', serviceType: '安装', ...patch,
});

/** Fill the template's 订单导入 sheet (or a new workbook with its headers) from row 2. */
export async function fillWorkbook(rows: RowValues[], template?: Buffer): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  if (template) await wb.xlsx.load(template as unknown as ArrayBuffer);
  let sheet = wb.getWorksheet(IMPORT_SHEET);
  if (!sheet) {
    sheet = wb.addWorksheet(IMPORT_SHEET);
    sheet.addRow(IMPORT_COLUMNS.map((c) => (c.required ? `*${c.header}` : c.header)));
  }
  rows.forEach((r, i) => {
    const row = sheet.getRow(i + 2);
    IMPORT_COLUMNS.forEach((c, j) => {
      const v = r[c.key];
      if (v !== undefined && v !== '') row.getCell(j + 1).value = v;
    });
    row.commit();
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A signed multipart POST of `file` (field `file`) to the import routes. */
export async function postFile(
  t: TestApp,
  token: string,
  file: Buffer,
  opts: { path?: string; query?: Record<string, string>; field?: string; headers?: Record<string, string>; name?: string; fields?: Record<string, string> } = {},
) {
  const path = opts.path ?? API.orderImport;
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    ...Object.entries(opts.fields ?? {}).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.name ?? 'orders.xlsx'}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const rawQuery = new URLSearchParams(opts.query ?? {}).toString();
  const timestamp = String(freshTimestamp());
  const signature = sign(t.config.SIGN_KEY, { method: 'POST', path, rawQuery, timestamp, token, body: '' });
  const res = await t.app.inject({
    method: 'POST',
    url: rawQuery ? `${path}?${rawQuery}` : path,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, role: 'manufacturer', timestamp, token, signature, ...opts.headers },
    payload: body,
  });
  let json: any = null;
  try {
    json = res.json();
  } catch {
    json = null;
  }
  return { status: res.statusCode, body: json, res };
}
