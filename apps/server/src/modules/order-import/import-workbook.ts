import ExcelJS from 'exceljs';
import {
  IMPORT_COLUMNS, IMPORT_ERROR_HEADER, IMPORT_LIMITS, IMPORT_MSG, IMPORT_NOTES_SHEET, IMPORT_PRODUCTS_SHEET, IMPORT_SHEET,
  type ImportColumnKey, type ImportError,
} from '@portal/domain/order-import';
import { badRequest } from '../../lib/errors';

// The .xlsx side of the import: the template (drop-downs, instructions, example), reading an upload
// into rows of text, and the same workbook written back with a 错误原因 column (decision 166).

/** Rows of the template sheet that carry the drop-down lists. */
const VALIDATED_ROWS = IMPORT_LIMITS.maxRows + 1;
const colLetter = (i: number) => {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F0FE' } };

/** The template: the 订单导入 sheet (headers, drop-downs, text columns), 填写说明 with an example row (`example` overrides the columns' own, e.g. the vendor's model), and the vendor's product models. */
export async function buildTemplate(models: string[], example: Partial<Record<ImportColumnKey, string>> = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '厂家服务下单门户';
  const sheet = wb.addWorksheet(IMPORT_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: c.required ? `*${c.header}` : c.header, key: c.key, width: c.width, style: { numFmt: '@' } }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell, i) => {
    cell.fill = HEADER_FILL;
    if (IMPORT_COLUMNS[i - 1]?.required) cell.font = { bold: true, color: { argb: 'FFC00000' } };
  });

  const products = wb.addWorksheet(IMPORT_PRODUCTS_SHEET, { state: 'hidden' });
  products.getCell('A1').value = '产品型号';
  models.forEach((m, i) => (products.getCell(`A${i + 2}`).value = m));

  // exceljs 4.4 writes range-keyed validations (sqref) but its typings do not declare the collection.
  const validations = (sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations;
  IMPORT_COLUMNS.forEach((c, i) => {
    const range = `${colLetter(i)}2:${colLetter(i)}${VALIDATED_ROWS}`;
    if (c.options) {
      validations.add(range, {
        type: 'list', allowBlank: true, formulae: [`"${c.options.join(',')}"`],
        showErrorMessage: true, errorStyle: 'stop', errorTitle: c.header, error: IMPORT_MSG.optionInvalid(c.options),
      });
    } else if (c.key === 'model' && models.length) {
      validations.add(range, {
        type: 'list', allowBlank: true, formulae: [`'${IMPORT_PRODUCTS_SHEET}'!$A$2:$A$${models.length + 1}`],
        showErrorMessage: true, errorStyle: 'warning', errorTitle: c.header, error: IMPORT_MSG.productNotFound,
      });
    }
  });

  const notes = wb.addWorksheet(IMPORT_NOTES_SHEET);
  notes.columns = [{ width: 14 }, { width: 10 }, { width: 70 }];
  const lines: string[][] = [
    ['批量下单说明'],
    ['1. 在“订单导入”工作表中从第2行开始填写，每行一个产品；同一客户（姓名、手机号、分机号）和同一地址的多行合并为一个订单。'],
    [`2. 每次最多导入${IMPORT_LIMITS.maxRows}行，文件不超过${IMPORT_LIMITS.maxBytes / 1024 / 1024}MB；标 * 的列必须填写。`],
    ['3. 上传后先预览校验结果，确认无误再导入；有误的行不会导入，可下载“错误明细”（只含未导入的行及其错误原因）修改后重新上传。'],
    ['4. 导入的保内订单为待付款状态，可在我的订单中批量支付；保外订单无需支付。'],
    ['5. 填写了来源单号的订单，同一来源单号只能导入一次：已有订单的来源单号会被拒绝，并说明是哪个订单。'],
    [],
    ['列名', '是否必填', '填写要求'],
    ...IMPORT_COLUMNS.map((c) => [c.header, c.required ? '必填' : '选填', c.options ? `${c.note}（${c.options.join('、')}）` : c.note]),
    [],
    ['示例（填写在“订单导入”工作表中）'],
    IMPORT_COLUMNS.map((c) => c.header),
    IMPORT_COLUMNS.map((c) => example[c.key] ?? c.example),
  ];
  lines.forEach((l) => notes.addRow(l));
  notes.getRow(1).font = { bold: true, size: 14 };
  notes.getRow(lines.findIndex((l) => l[0] === '列名') + 1).font = { bold: true };
  notes.getRow(lines.length - 1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The sizes a zip's central directory declares, summed; null when the bytes are not a zip this
 * reader understands (then exceljs is not even tried). Stops a small upload that unpacks to gigabytes.
 */
export function unpackedSize(buf: Buffer): number | null {
  const min = Math.max(0, buf.length - 65_557);
  let eocd = -1;
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) return null;
    const size = buf.readUInt32LE(at + 24);
    if (size === 0xffffffff) return null;
    total += size;
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return total;
}

/** Load an upload; every failure is a Chinese refusal. */
export async function loadWorkbook(buf: Buffer): Promise<ExcelJS.Workbook> {
  if (!buf.length) throw badRequest(IMPORT_MSG.fileRequired);
  if (buf.length > IMPORT_LIMITS.maxBytes) throw badRequest(IMPORT_MSG.fileTooLarge);
  const size = unpackedSize(buf);
  if (size === null) throw badRequest(IMPORT_MSG.fileInvalid);
  if (size > IMPORT_LIMITS.maxUnpackedBytes) throw badRequest(IMPORT_MSG.fileTooLarge);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw badRequest(IMPORT_MSG.fileInvalid);
  }
  return wb;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as the text a user typed: dates as 'YYYY-MM-DD HH:mm' (Excel dates carry no zone), formulas by their result. */
export function cellText(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return '';
    const day = `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
    return v.getUTCHours() || v.getUTCMinutes() ? `${day} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}` : day;
  }
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((t) => t.text ?? '').join('').trim();
    if ('formula' in v || 'sharedFormula' in v) return cellText((v as { result?: ExcelJS.CellValue }).result);
    if ('text' in v) return cellText((v as { text: ExcelJS.CellValue }).text);
    return '';
  }
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  return String(v).trim();
}

const normHeader = (v: string) => v.replace(/^\*+/, '').replace(/\s+/g, '');

export interface SheetRow {
  /** The sheet's row number. */
  row: number;
  cells: Record<ImportColumnKey, string>;
}

/** The data sheet: its name in the file, or the first sheet. */
export function dataSheet(wb: ExcelJS.Workbook): ExcelJS.Worksheet {
  const sheet = wb.getWorksheet(IMPORT_SHEET) ?? wb.worksheets.find((s) => s.state !== 'hidden' && s.name !== IMPORT_NOTES_SHEET);
  if (!sheet) throw badRequest(IMPORT_MSG.sheetMissing);
  return sheet;
}

/** Header positions by column key; a missing required column refuses the file. */
function headerMap(sheet: ExcelJS.Worksheet): Map<ImportColumnKey, number> {
  const byHeader = new Map(IMPORT_COLUMNS.map((c) => [normHeader(c.header), c.key]));
  const found = new Map<ImportColumnKey, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const key = byHeader.get(normHeader(cellText(cell.value)));
    if (key && !found.has(key)) found.set(key, col);
  });
  const missing = IMPORT_COLUMNS.filter((c) => c.required && !found.has(c.key)).map((c) => c.header);
  if (missing.length) throw badRequest(IMPORT_MSG.columnsMissing(missing));
  return found;
}

/** Non-empty data rows as text (row 2 on); more than the limit refuses the file. */
export function readRows(wb: ExcelJS.Workbook): SheetRow[] {
  const sheet = dataSheet(wb);
  const cols = headerMap(sheet);
  const out: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = {} as Record<ImportColumnKey, string>;
    let any = false;
    for (const c of IMPORT_COLUMNS) {
      const at = cols.get(c.key);
      const text = at ? cellText(r.getCell(at).value) : '';
      cells[c.key] = text;
      if (text) any = true;
    }
    if (!any) return;
    if (out.length >= IMPORT_LIMITS.maxRows) throw badRequest(IMPORT_MSG.tooManyRows);
    out.push({ row: rowNumber, cells });
  });
  if (!out.length) throw badRequest(IMPORT_MSG.noRows);
  return out;
}

/**
 * The uploaded workbook with a 错误原因 column after the last header (replacing one already there),
 * holding only the data rows in `keep` (decision 240): the rows still to import, never the ones an
 * import created, so the file can be fixed and uploaded again.
 */
export async function annotate(wb: ExcelJS.Workbook, errors: ImportError[], keep: ReadonlySet<number>): Promise<Buffer> {
  const sheet = dataSheet(wb);
  const header = sheet.getRow(1);
  let col = 0;
  header.eachCell((cell, i) => {
    if (normHeader(cellText(cell.value)) === IMPORT_ERROR_HEADER) col = i;
  });
  if (!col) col = header.cellCount + 1;
  const byRow = new Map<number, string[]>();
  for (const e of errors) {
    if (e.row < 2) continue;
    byRow.set(e.row, [...(byRow.get(e.row) ?? []), e.column ? `${e.column}：${e.message}` : e.message]);
  }
  const head = header.getCell(col);
  head.value = IMPORT_ERROR_HEADER;
  head.font = { bold: true, color: { argb: 'FFC00000' } };
  sheet.getColumn(col).width = 50;
  sheet.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return;
    const cell = r.getCell(col);
    cell.value = byRow.get(n)?.join('；') ?? null;
    cell.font = { color: { argb: 'FFC00000' } };
  });
  for (const [n, msgs] of byRow) {
    const cell = sheet.getRow(n).getCell(col);
    if (!cell.value) cell.value = msgs.join('；');
  }
  const dropped: number[] = [];
  sheet.eachRow({ includeEmpty: false }, (_r, n) => {
    if (n > 1 && !keep.has(n)) dropped.push(n);
  });
  for (const n of dropped.reverse()) sheet.spliceRows(n, 1);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
