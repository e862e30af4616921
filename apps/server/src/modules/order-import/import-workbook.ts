import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, IMPORT_LIMITS, IMPORT_MSG, IMPORT_NOTES_SHEET, IMPORT_PRODUCTS_SHEET, IMPORT_SHEET, type ImportColumnKey } from '@portal/domain/order-import';

// The template of the import (drop-downs, instructions, example), written from our own data. Reading
// an upload is workbook-reader.ts's job, off this thread (decision 222).

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

export type { SheetRow } from './workbook-thread.mjs';
