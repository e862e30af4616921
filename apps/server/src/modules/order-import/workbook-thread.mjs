// The import's workbook reading, on a worker thread of its own (decision 222): the thread has a heap
// limit and the caller a time limit, so whatever an uploaded file does, it can only end its own thread.
// Plain JavaScript: piscina runs it on threads without a TypeScript loader; workbook-reader.ts is the
// typed side and passes in everything the domain decides (columns, sheet names, limits, messages stay there).
import { Readable } from 'node:stream';

// exceljs takes ~0.5 s to load (more on a busy machine): it loads while the thread starts answering,
// so a file refused by its unpacking never waits for it.
const libraries = Promise.all([import('exceljs'), import('jszip')]).then(([excel, zip]) => ({ ExcelJS: excel.default, JSZip: zip.default }));
libraries.catch(() => undefined);

class Refused extends Error {
  constructor(reason, missing = [], where = { sheet: '', row: 0 }) {
    super(reason);
    this.reason = reason;
    this.missing = missing;
    this.where = where;
  }
}

const pad = (n) => String(n).padStart(2, '0');

/** A cell as the text a user typed: dates as 'YYYY-MM-DD HH:mm' (Excel dates carry no zone), formulas by their result. */
function cellText(v) {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return '';
    const day = `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
    return v.getUTCHours() || v.getUTCMinutes() ? `${day} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}` : day;
  }
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((t) => t.text ?? '').join('').trim();
    if ('formula' in v || 'sharedFormula' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
    return '';
  }
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  return String(v).trim();
}

const normHeader = (v) => v.replace(/^\*+/, '').replace(/\s+/g, '');

/** A part's XML as text in 64 KB pieces, so the SAX parser streams it (a multi-byte character is never split). */
async function* textOf(buf) {
  const decoder = new TextDecoder('utf-8');
  for (let at = 0; at < buf.length; at += 65536) yield decoder.decode(buf.subarray(at, at + 65536), { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}
const streamOf = (buf) => Readable.from(textOf(buf));

const EMPTY_RELS = Buffer.from('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>');

/**
 * The data sheet's rows, read with exceljs's streaming reader (stream.xlsx.WorkbookReader, its parts
 * driven one by one over the entries already unpacked) so that reading stops at the row limit instead
 * of parsing the whole sheet first.
 */
async function readRows(entries, spec) {
  const { ExcelJS } = await libraries;
  const workbookXml = entries.get('xl/workbook.xml');
  if (!workbookXml) throw new Refused('invalid');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore',
  });
  await reader._parseRels(streamOf(entries.get('xl/_rels/workbook.xml.rels') ?? EMPTY_RELS));
  await reader._parseWorkbook(streamOf(workbookXml));
  const styles = entries.get('xl/styles.xml');
  if (styles) await reader._parseStyles(streamOf(styles));
  reader.sharedStrings = [];
  const shared = entries.get('xl/sharedStrings.xml');
  if (shared) for await (const _ of reader._parseSharedStrings(streamOf(shared))) {}

  // The template's sheet first, then the other visible sheets in order (a 汇总 sheet before the data):
  // the first with the headers among its first rows is read (decision 300).
  const sheets = reader.model?.sheets ?? [];
  const named = sheets.find((s) => s.name === spec.sheet);
  const candidates = [named, ...sheets.filter((s) => s !== named && s.state !== 'hidden' && s.name !== spec.notesSheet)].filter(Boolean);
  if (!candidates.length) throw new Refused('sheetMissing');
  let closest = null;
  for (const target of candidates) {
    const rel = (reader.workbookRels ?? []).find((r) => r.Id === target.rId);
    // As exceljs's own loader resolves a sheet's part: relative to xl/, or an absolute /xl/… path.
    const xml = rel && entries.get(`xl/${String(rel.Target).replace(/^(\s|\/xl\/)+/, '')}`);
    if (!xml) continue;
    const read = await readSheet(reader, xml, target, spec);
    if (read.rows) return { rows: read.rows, sheet: target.name };
    if (!closest || read.matched > closest.matched) closest = read;
  }
  if (!closest) throw new Refused('sheetMissing');
  throw new Refused('headersNotFound', closest.missing, { sheet: closest.sheet, row: closest.row });
}

/** The row's columns by key when it holds headers of the spec (`matched`: how many required ones). */
function headersOf(r, spec) {
  const byHeader = new Map(spec.columns.map((c) => [normHeader(c.header), c.key]));
  const cols = new Map();
  r.eachCell((cell, col) => {
    const key = byHeader.get(normHeader(cellText(cell.value)));
    if (key && !cols.has(key)) cols.set(key, col);
  });
  const missing = spec.columns.filter((c) => c.required && !cols.has(c.key)).map((c) => c.header);
  return { cols, missing, matched: spec.columns.filter((c) => c.required).length - missing.length };
}

const columnNumber = (letters) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/** The sheet's merged ranges (A2:A4 → rows 2–4, column 1), from the part after its rows. */
function mergesOf(xml) {
  const after = xml.lastIndexOf('sheetData>');
  if (after < 0) return [];
  const tail = new TextDecoder('utf-8').decode(xml.subarray(after));
  return [...tail.matchAll(/<(?:\w+:)?mergeCell\s[^>]*?ref="\$?([A-Z]{1,3})\$?(\d+):\$?([A-Z]{1,3})\$?(\d+)"/g)].map((m) => ({
    c1: columnNumber(m[1]), r1: Number(m[2]), c2: columnNumber(m[3]), r2: Number(m[4]),
  }));
}

/**
 * One sheet's data rows under its header row (found among its first headerScanRows rows), or where
 * its closest header row was. A cell merged down over several rows (one customer over its product
 * rows) gives its value to each row it covers that has cells of its own (decision 300).
 */
async function readSheet(reader, xml, target, spec) {
  const [event] = [...reader._parseWorksheet(textOf(xml), target.id)];
  if (!event) throw new Refused('invalid');
  let header = null;
  let closest = { sheet: target.name, row: 0, matched: 0, missing: spec.columns.filter((c) => c.required).map((c) => c.header) };
  const read = [];
  let counted = 0;
  for await (const r of event.value) {
    if (!header) {
      if (r.number > spec.headerScanRows) break;
      const found = headersOf(r, spec);
      if (!found.missing.length) header = { row: r.number, cols: found.cols };
      else if (found.matched > closest.matched) closest = { ...closest, row: r.number, matched: found.matched, missing: found.missing };
      continue;
    }
    const cells = {};
    let any = false;
    for (const c of spec.columns) {
      const at = header.cols.get(c.key);
      const text = at ? cellText(r.getCell(at).value) : '';
      cells[c.key] = text;
      if (text) any = true;
    }
    read.push({ row: r.number, cells, any });
    if (any && ++counted > spec.maxRows) throw new Refused('tooManyRows');
  }
  if (!header) return closest;
  const byNumber = new Map(read.map((r) => [r.row, r]));
  for (const m of mergesOf(xml)) {
    const top = byNumber.get(m.r1);
    if (!top || m.r2 <= m.r1) continue;
    for (const [key, col] of header.cols) {
      if (col < m.c1 || col > m.c2 || !top.cells[key]) continue;
      for (let n = m.r1 + 1; n <= m.r2; n++) {
        const below = byNumber.get(n);
        if (below?.any && !below.cells[key]) below.cells[key] = top.cells[key];
      }
    }
  }
  const rows = read.filter((r) => r.any).map(({ row, cells }) => ({ row, cells }));
  if (!rows.length) throw new Refused('noRows');
  return { rows };
}

/**
 * The workbook as exceljs loads it: a zip made again from the entries already unpacked under the cap
 * (stored, not compressed), so exceljs's own unzipping sees exactly those bytes and nothing else.
 */
async function loadWorkbook(entries) {
  const { ExcelJS, JSZip } = await libraries;
  const zip = new JSZip();
  for (const [name, data] of entries) zip.file(name, data);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' }));
  return wb;
}

/**
 * A message's row numbers (第N行) as the rows of the workbook after `dropped` (ascending) are taken
 * out; a row taken out keeps its upload's number, named as such (原表第N行).
 */
function renumbered(message, dropped, rowRef) {
  const gone = new Set(dropped);
  const now = (n) => n - dropped.filter((d) => d < n).length;
  return message.replace(new RegExp(rowRef.pattern, 'g'), (ref, list) => {
    const rows = list.split(rowRef.separator).map(Number);
    return rows.some((n) => gone.has(n)) ? `${rowRef.leftOut}${ref}` : ref.replace(list, rows.map(now).join(rowRef.separator));
  });
}

/**
 * The uploaded workbook with a 错误原因 column after the last header (replacing one already there),
 * holding only the data rows in `keep` (decision 240): the rows still to import, never the ones an
 * import created, so the file can be fixed and uploaded again. The messages name rows as they are
 * numbered in this workbook.
 */
async function annotate(entries, sheetName, errors, keep, spec) {
  const wb = await loadWorkbook(entries);
  const sheet = wb.getWorksheet(sheetName);
  if (!sheet) throw new Refused('sheetMissing');
  // The header row as the reading found it (a title row above it stays as it is).
  let headerRow = 1;
  for (let n = 1; n <= spec.headerScanRows; n++) {
    if (!headersOf(sheet.getRow(n), spec).missing.length) {
      headerRow = n;
      break;
    }
  }
  const header = sheet.getRow(headerRow);
  let col = 0;
  header.eachCell((cell, i) => {
    if (normHeader(cellText(cell.value)) === spec.errorHeader) col = i;
  });
  if (!col) col = header.cellCount + 1;
  const kept = new Set(keep);
  const dropped = [];
  sheet.eachRow({ includeEmpty: false }, (_r, n) => {
    if (n > headerRow && !kept.has(n)) dropped.push(n);
  });
  const byRow = new Map();
  for (const e of errors) {
    if (e.row <= headerRow) continue;
    const message = renumbered(e.message, dropped, spec.rowRef);
    byRow.set(e.row, [...(byRow.get(e.row) ?? []), e.column ? `${e.column}：${message}` : message]);
  }
  const head = header.getCell(col);
  head.value = spec.errorHeader;
  head.font = { bold: true, color: { argb: 'FFC00000' } };
  sheet.getColumn(col).width = 50;
  sheet.eachRow({ includeEmpty: false }, (r, n) => {
    if (n <= headerRow) return;
    const cell = r.getCell(col);
    cell.value = byRow.get(n)?.join('；') ?? null;
    cell.font = { color: { argb: 'FFC00000' } };
  });
  for (const [n, msgs] of byRow) {
    const cell = sheet.getRow(n).getCell(col);
    if (!cell.value) cell.value = msgs.join('；');
  }
  for (const n of [...dropped].reverse()) sheet.spliceRows(n, 1);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The thread's task, on the entries of a file already unpacked under the cap (decision 223): {kind:
 * 'rows', entries, spec} answers {rows, sheet}; {kind: 'annotate', entries, spec, sheet, errors, keep} answers
 * {file}; a file that cannot be read answers {refused, missing}.
 */
export default async function workbookTask(task) {
  try {
    // The time limit runs from when the readers can start (exceljs loaded).
    await libraries;
    task.started?.postMessage('started');
    task.started?.close();
    const entries = new Map(task.entries.map(([name, data]) => [name, Buffer.from(data.buffer, data.byteOffset, data.byteLength)]));
    if (task.kind === 'rows') return await readRows(entries, task.spec);
    return { file: await annotate(entries, task.sheet, task.errors, task.keep, task.spec) };
  } catch (err) {
    if (err instanceof Refused) return { refused: err.reason, missing: err.missing, ...err.where };
    // Whatever else a file makes the readers throw, it is the file that is unreadable.
    return { refused: 'invalid', missing: [], sheet: '', row: 0 };
  }
}
