import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { nowIso, shanghaiStamp } from './time';

// Streamed .xlsx downloads (the ledger and order exports): rows are committed as they are written and
// strings are inline (no shared-string table), so memory does not grow with the row count.

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Bytes the zip or the client has not taken yet before we stop producing rows. */
const BACKLOG_LIMIT = 512 * 1024;

export type Cell = string | number | null;

export interface XlsxColumn {
  header: string;
  width: number;
  /** Excel number format; only applied when the sheet is styled. */
  numFmt?: string;
}

/** 收支明细20261123153000.xlsx — a name and the Shanghai time of the export. */
export const timestampedName = (name: string, now = nowIso()) => `${name}${shanghaiStamp(now)}.xlsx`;

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'export.xlsx';
  return `attachment; filename="${ascii.startsWith('.') ? `records${ascii}` : ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Answer `stream` as the download `fileName`. */
export function sendXlsx(reply: FastifyReply, fileName: string, stream: PassThrough) {
  reply.header('content-type', XLSX_TYPE).header('content-disposition', contentDisposition(fileName)).header('cache-control', 'no-store');
  return reply.send(stream);
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
 * Stream one sheet of `batches` rows into the returned stream. `styled` adds a bold header and the
 * columns' number formats; exceljs then registers a style per cell, which costs 2-3x the time, so
 * the large ledger export leaves it off (its money stays numeric either way).
 */
export function streamXlsx(
  sheetName: string,
  columns: readonly XlsxColumn[],
  batches: AsyncIterable<Cell[][]>,
  opts: { styled: boolean; onError: (err: unknown) => void },
): PassThrough {
  return streamXlsxSheets([{ name: sheetName, columns, batches }], opts);
}

export interface XlsxSheet {
  name: string;
  columns: readonly XlsxColumn[];
  batches: AsyncIterable<Cell[][]>;
}

/** Several sheets, one after the other, into one streamed workbook. */
export function streamXlsxSheets(sheets: readonly XlsxSheet[], opts: { styled: boolean; onError: (err: unknown) => void }): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: opts.styled, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  workbook.creator = '厂家服务下单门户';
  (async () => {
    for (const s of sheets) {
      const sheet = workbook.addWorksheet(s.name, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = s.columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width, style: opts.styled && c.numFmt ? { numFmt: c.numFmt } : {} }));
      if (opts.styled) sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      for await (const batch of s.batches) {
        if (out.destroyed) return;
        for (const cells of batch) sheet.addRow(cells).commit();
        await waitForReader(out, sheet);
      }
      sheet.commit();
    }
    await workbook.commit();
  })().catch((err) => {
    opts.onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
