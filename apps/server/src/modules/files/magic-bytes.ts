import type { UploadExt } from '@portal/domain/uploads';

// What the first bytes of each accepted file type must look like. The extension alone is a
// claim by the client; the content has to agree before anything is kept.

const startsWith = (buf: Buffer, bytes: number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = ascii('%PDF-');
// Office 97-2003 documents are OLE compound files; Office 2007+ documents are zip packages.
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ASF = [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c];

const isMp4 = (b: Buffer) => startsWith(b, ascii('ftyp'), 4);
const isAvi = (b: Buffer) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('AVI '), 8);

/** Plain text: no NUL bytes and no other control characters than tab, CR, LF, FF, ESC. */
function isText(b: Buffer) {
  for (const c of b) {
    if (c === 0) return false;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1b) return false;
  }
  return true;
}

const CHECKS: Record<UploadExt, (b: Buffer) => boolean> = {
  png: (b) => startsWith(b, PNG),
  jpg: (b) => startsWith(b, JPEG),
  jpeg: (b) => startsWith(b, JPEG),
  mp4: isMp4,
  avi: isAvi,
  wmv: (b) => startsWith(b, ASF),
  doc: (b) => startsWith(b, OLE),
  xls: (b) => startsWith(b, OLE),
  ppt: (b) => startsWith(b, OLE),
  docx: (b) => startsWith(b, ZIP),
  xlsx: (b) => startsWith(b, ZIP),
  pptx: (b) => startsWith(b, ZIP),
  pdf: (b) => startsWith(b, PDF),
  txt: isText,
};

/** How many leading bytes the check wants to see (fewer only when the file is that short). */
export const MAGIC_HEAD_BYTES = 512;

export function contentMatches(ext: UploadExt, head: Buffer): boolean {
  return head.length > 0 && CHECKS[ext](head);
}
