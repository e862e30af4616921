import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { PICTURE_EXT, VIDEO_EXT, extOf } from '@portal/domain/files';
import { MSG, fileSizeMessage, fileTypeMessage } from '@portal/domain/messages';
import { OTHER_MAX_MB, UPLOAD_DIRS, UPLOAD_EMPTY, maxBytesFor, type UploadDir, type UploadExt, type UploadResult } from '@portal/domain/uploads';
import type { DB } from '../../db/database';
import { deleteFileRecord, insertFileRecord } from '../../lib/files.repository';
import { AppError, badRequest } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { MAGIC_HEAD_BYTES, contentMatches } from './magic-bytes';
import { absoluteFor, newStoredPath } from '../../lib/storage-paths';

export function tooLargeMessage(ext: string) {
  if ((PICTURE_EXT as readonly string[]).includes(ext)) return MSG.imageTooLarge;
  if ((VIDEO_EXT as readonly string[]).includes(ext)) return MSG.videoTooLarge;
  return fileSizeMessage(OTHER_MAX_MB);
}

/** Checks the head against the extension and counts bytes while they stream through. */
function guard(ext: UploadExt, maxBytes: number, wrongType: string, onSize: (n: number) => void) {
  return async function* (source: AsyncIterable<Buffer>) {
    let head: Buffer[] = [];
    let headLen = 0;
    let checked = false;
    let size = 0;
    const check = () => {
      const buf = Buffer.concat(head, headLen);
      if (!contentMatches(ext, buf.subarray(0, MAGIC_HEAD_BYTES))) throw badRequest(wrongType);
      checked = true;
      return buf;
    };
    for await (const chunk of source) {
      size += chunk.length;
      if (size > maxBytes) throw badRequest(tooLargeMessage(ext));
      if (checked) {
        yield chunk;
        continue;
      }
      head.push(chunk);
      headLen += chunk.length;
      if (headLen >= MAGIC_HEAD_BYTES) {
        yield check();
        head = [];
      }
    }
    if (!checked && headLen > 0) yield check();
    onSize(size);
  };
}

export interface IncomingFile {
  filename: string;
  file: Readable & { truncated?: boolean };
}

/** Who uploads: a vendor user, or an operator of the console (docs/decisions/097). */
export type Owner = { kind: 'vendor'; vendorId: number; userId: number } | { kind: 'platform'; operatorId: number };

// An operator's file belongs to no vendor: vendor_id 0 keeps it out of every vendor's `vendor_id = ?`.
const ownerColumns = (o: Owner) =>
  o.kind === 'vendor' ? { vendor_id: o.vendorId, user_id: o.userId, operator_id: null } : { vendor_id: 0, user_id: 0, operator_id: o.operatorId };

/**
 * Store one uploaded file on the local disk and record who owns it; the answer's url is a signed
 * link to show it (decision 121), fileUrl the path to keep. On any refusal nothing
 * stays on disk: the partly written file is removed before the error is answered.
 */
export async function storeUpload(db: DB, dataDir: string, signedUrl: (path: string) => string, dir: UploadDir, owner: Owner, part: IncomingFile): Promise<UploadResult> {
  const allowed = UPLOAD_DIRS[dir] as readonly UploadExt[];
  // Slashes and control characters (a NUL cannot be stored in PostgreSQL text) become '_'.
  const original = (part.filename || '').replace(/[\\/\u0000-\u001f\u007f]/g, '_').slice(-200);
  const ext = extOf(original) as UploadExt;
  if (!allowed.includes(ext)) {
    part.file.resume();
    throw badRequest(fileTypeMessage(allowed));
  }
  const storedPath = newStoredPath(dir, ext);
  const abs = absoluteFor(dataDir, storedPath);
  if (!abs) throw new Error(`unexpected stored path ${storedPath}`);
  await mkdir(dirname(abs), { recursive: true });
  let size = 0;
  const out = createWriteStream(abs, { flags: 'wx' });
  try {
    await pipeline(part.file, guard(ext, maxBytesFor(original), fileTypeMessage(allowed), (n) => (size = n)), out);
    if (part.file.truncated) throw badRequest(tooLargeMessage(ext));
    if (size === 0) throw badRequest(UPLOAD_EMPTY);
    await insertFileRecord(db, { ...ownerColumns(owner), dir, path: storedPath, original_name: original, size, created_at: nowIso() });
  } catch (err) {
    // A refusal can come before the file is even open: wait for the stream to close, or the open
    // would create the file after it was removed.
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    await rm(abs, { force: true });
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(tooLargeMessage(ext));
    throw err;
  }
  return { fileName: original, fileUrl: storedPath, url: signedUrl(storedPath) };
}

/** Remove a stored file and its record (used when a second file arrives in one request). */
export async function discardUpload(db: DB, dataDir: string, storedPath: string) {
  const abs = absoluteFor(dataDir, storedPath);
  if (abs) await rm(abs, { force: true });
  await deleteFileRecord(db, storedPath);
}
