import { constants, deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';
import { IMPORT_COLUMNS, IMPORT_LIMITS } from '@portal/domain/order-import';
import { fillWorkbook } from './order-import.fixtures';

// Test fixtures: workbooks made to hurt the server (issue 44). Each is a real .xlsx of the import's
// columns whose data sheet (xl/worksheets/sheet1.xml) is replaced.

const SHEET = 'xl/worksheets/sheet1.xml';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const TAIL = '</sheetData></worksheet>';
const colName = (i: number) => String.fromCharCode(65 + i);
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const headerRow = () => `<row r="1">${IMPORT_COLUMNS.map((c, i) => inline(`${colName(i)}1`, c.required ? `*${c.header}` : c.header)).join('')}</row>`;

/** The entries of a workbook with the import's header (the template's columns), as a zip. */
async function baseEntries(): Promise<Map<string, Buffer>> {
  const zip = await JSZip.loadAsync(await fillWorkbook([]));
  const out = new Map<string, Buffer>();
  for (const f of Object.values(zip.files)) if (!f.dir) out.set(f.name, await f.async('nodebuffer'));
  return out;
}

/** A workbook whose data sheet holds the header and `rows` rows with a customer name each. */
export async function workbookWithRows(rows: number): Promise<Buffer> {
  const entries = await baseEntries();
  const parts: string[] = [HEAD, headerRow()];
  for (let r = 2; r <= rows + 1; r++) parts.push(`<row r="${r}">${inline(`A${r}`, '张三')}</row>`);
  parts.push(TAIL);
  entries.set(SHEET, Buffer.from(parts.join('')));
  const zip = new JSZip();
  for (const [name, data] of entries) zip.file(name, data);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/**
 * Raw deflate of `size` blanks, quickly: one segment flushed without a final block, repeated (each
 * segment starts afresh and ends on a byte boundary, so copies concatenate into one valid stream).
 */
function deflatedBlanks(size: number, segment = 8 * 1024 * 1024): Buffer[] {
  const seg = deflateRawSync(Buffer.alloc(segment, 0x20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  return Array.from({ length: Math.floor(size / segment) }, () => seg);
}

/**
 * A zip written by hand: each entry deflated, its local header and central directory record declaring
 * `declared(name)` as its unpacked size (the truth unless a test lies).
 */
function zipOf(entries: Array<{ name: string; deflated: Buffer; declared: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 14); // CRC: never checked before inflating
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 16);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(e.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + e.deflated.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/**
 * The workbook bomb of issue 44: under the upload limit, its data sheet really inflates to about
 * `inflatedBytes` of blanks inside the sheet's XML while both zip headers declare `declared` bytes
 * (1,000: the lying header) — or the truth when `declared` is null (an honest big file).
 */
export async function workbookBomb(inflatedBytes: number, declared: number | null = 1000): Promise<Buffer> {
  const entries = await baseEntries();
  const others = [...entries].filter(([name]) => name !== SHEET).map(([name, data]) => ({ name, deflated: deflateRawSync(data), declared: data.length }));
  const head = Buffer.from(HEAD + headerRow());
  const body = deflatedBlanks(inflatedBytes);
  const sheet = Buffer.concat([deflateRawSync(head, { finishFlush: constants.Z_FULL_FLUSH }), ...body, deflateRawSync(Buffer.from(TAIL))]);
  const real = head.length + body.length * 8 * 1024 * 1024 + TAIL.length;
  const file = zipOf([...others, { name: SHEET, deflated: sheet, declared: declared ?? Math.min(real, 0xfffffffe) }]);
  if (file.length >= IMPORT_LIMITS.maxBytes) throw new Error(`bomb of ${file.length} bytes is over the upload limit`);
  return file;
}
