import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { payMethod, paymentType, CHANGE_TYPE } from '@portal/domain/enums';
import { payStatusLabel, RECORD_COLUMNS, WALLET_MSG, type AccountRecord } from '@portal/domain/wallet';
import { nowIso, toShanghai } from '../../lib/time';

const COLUMN_WIDTH: Record<(typeof RECORD_COLUMNS)[number]['key'], number> = {
  orderNo: 24,
  paymentType: 12,
  payTime: 21,
  payAmount: 14,
  balance: 14,
  transactionFlowNo: 27,
  operator: 16,
  payStatus: 10,
  payType: 10,
  remarks: 40,
};
/** Bytes the client has not read yet before we stop producing rows (keeps memory flat for slow readers). */
const BACKLOG_LIMIT = 512 * 1024;

/** The cells of one exported row, in RECORD_COLUMNS order. */
export function exportCells(r: AccountRecord): Array<string | number | null> {
  const signed = r.changeType === CHANGE_TYPE.income ? r.payAmount : -r.payAmount;
  return [
    r.orderNo,
    paymentType.label(r.paymentType),
    r.payTime,
    signed,
    r.balance,
    r.transactionFlowNo,
    r.operator,
    payStatusLabel(r.payStatus),
    payMethod.label(r.payType),
    r.remarks,
  ];
}

/** 收支明细20261123153000.xlsx — named with the Shanghai time of the export. */
export function exportFileName(now = nowIso()) {
  return `${WALLET_MSG.exportName}${toShanghai(now).replace(/\D/g, '')}.xlsx`;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'export.xlsx';
  return `attachment; filename="${ascii.startsWith('.') ? `records${ascii}` : ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

type SheetWithStream = { stream?: { pipes?: Array<{ _writableState?: { length?: number } }> } };

/**
 * Bytes of sheet XML the zip has not compressed yet: exceljs hands each full 64 KB buffer to the
 * zip entry without waiting for it (exceljs 4.x internals, read defensively: 0 when absent).
 */
function zipBacklog(sheet: unknown): number {
  return (sheet as SheetWithStream).stream?.pipes?.[0]?._writableState?.length ?? 0;
}

/**
 * Wait until the zip and the client have taken what was written before producing more. SQLite
 * reads resolve without yielding to the event loop, so without this the whole file would pile up
 * in memory; and a slow client holds the producer at its own pace.
 */
async function waitForReader(out: PassThrough, sheet: unknown) {
  await new Promise((resolve) => setImmediate(resolve));
  while (!out.destroyed && (zipBacklog(sheet) > BACKLOG_LIMIT || out.writableNeedDrain || out.readableLength > BACKLOG_LIMIT)) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Stream the ledger as .xlsx into the returned stream: rows are committed as they are written and
 * strings are inline (no shared-string table), so memory does not grow with the row count.
 */
export function streamRecordsXlsx(batches: AsyncIterable<AccountRecord[]>, onError: (err: unknown) => void): PassThrough {
  const out = new PassThrough();
  // No styles: exceljs registers a style per cell when they are on, which costs 2-3x the time of the
  // whole export. Money stays numeric (signed amounts), so a spreadsheet can still sum it.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  workbook.creator = '厂家服务下单门户';
  const sheet = workbook.addWorksheet(WALLET_MSG.exportName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = RECORD_COLUMNS.map((c) => ({ header: c.title, key: c.key, width: COLUMN_WIDTH[c.key] }));
  sheet.getRow(1).commit();

  (async () => {
    for await (const batch of batches) {
      if (out.destroyed) return;
      for (const r of batch) sheet.addRow(exportCells(r)).commit();
      await waitForReader(out, sheet);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
