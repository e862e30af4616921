import * as archiverModule from 'archiver';
import type { Archiver } from 'archiver';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { extOf } from '@portal/domain/files';
import { absoluteFor } from '../../lib/storage-paths';
import { shanghaiStamp } from '../../lib/time';

export interface ZipPicture {
  id: number;
  file_url: string;
  order_no: string;
}

// archiver 8 is ESM exporting ZipArchive; the installed @types/archiver still describes the v6 factory.
const { ZipArchive } = archiverModule as unknown as { ZipArchive: new (options: { store?: boolean }) => Archiver };

const disposition = (name: string) => `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Where a stored file lives on another host (object storage): its signed URL; null when files are on this disk. */
export type RemoteUrl = ((path: string) => string) | null;

/** A readable for a stored file: the local disk, or the object storage (through a signed URL). */
async function openPicture(dataDir: string, remoteUrl: RemoteUrl, path: string): Promise<Readable | null> {
  if (remoteUrl) {
    const res = await fetch(remoteUrl(path)).catch(() => null);
    return res?.ok && res.body ? Readable.fromWeb(res.body as import('node:stream/web').ReadableStream) : null;
  }
  const abs = absoluteFor(dataDir, path);
  if (!abs) return null;
  const s = await stat(abs).catch(() => null);
  return s?.isFile() ? createReadStream(abs) : null;
}

/**
 * The originals as a zip streamed while it is built: one folder per order number, pictures
 * numbered in order. Pictures are stored without recompression (they are compressed already).
 * Answers false when none of the files can be read.
 */
export async function sendPicturesZip(reply: FastifyReply, dataDir: string, remoteUrl: RemoteUrl, pictures: ZipPicture[]): Promise<boolean> {
  const entries: Array<{ stream: Readable; name: string }> = [];
  const perOrder = new Map<string, number>();
  for (const p of pictures) {
    const stream = await openPicture(dataDir, remoteUrl, p.file_url);
    if (!stream) continue;
    const n = (perOrder.get(p.order_no) ?? 0) + 1;
    perOrder.set(p.order_no, n);
    entries.push({ stream, name: `${p.order_no}/${String(n).padStart(2, '0')}-${p.id}.${extOf(p.file_url) || 'bin'}` });
  }
  if (!entries.length) return false;
  const zip = new ZipArchive({ store: true });
  for (const e of entries) zip.append(e.stream, { name: e.name });
  void zip.finalize();
  const stamp = shanghaiStamp();
  reply.header('content-type', 'application/zip').header('content-disposition', disposition(`完工图库_${stamp}.zip`)).header('cache-control', 'no-store');
  await reply.send(zip);
  return true;
}
