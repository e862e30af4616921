import * as archiverModule from 'archiver';
import type { Archiver } from 'archiver';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import { extOf } from '@portal/domain/files';
import { notFound } from '../../lib/errors';
import { absoluteFor } from '../../lib/storage-paths';
import { shanghaiStamp } from '../../lib/time';

export interface DownloadItem {
  title: string;
  file_url: string;
  original_name?: string | null;
}

// archiver 8 exports format classes; the published @types still describe the v6 factory.
const { ZipArchive } = archiverModule as unknown as { ZipArchive: new (options: { zlib?: { level: number } }) => Archiver };

const MIME: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', mp4: 'video/mp4', avi: 'video/x-msvideo', wmv: 'video/x-ms-wmv',
  pdf: 'application/pdf', txt: 'text/plain; charset=utf-8', doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

const safeName = (s: string) => s.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim() || 'file';
/** The name a user sees: the title with the file's extension. */
export const downloadName = (item: DownloadItem) => {
  const ext = extOf(item.file_url);
  const title = safeName(item.title);
  return title.toLowerCase().endsWith(`.${ext}`) ? title : `${title}.${ext}`;
};
const disposition = (name: string) => `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;

async function localFile(dataDir: string, item: DownloadItem) {
  const abs = absoluteFor(dataDir, item.file_url);
  if (!abs) throw notFound('文件不存在');
  try {
    const s = await stat(abs);
    if (!s.isFile()) throw new Error('not a file');
    return { abs, size: s.size };
  } catch {
    throw notFound('文件不存在');
  }
}

/** One file as it is; several as a zip streamed while it is built (names made unique). */
export async function sendDownload(reply: FastifyReply, dataDir: string, items: DownloadItem[]) {
  const files = [];
  for (const item of items) files.push({ item, ...(await localFile(dataDir, item)) });
  if (files.length === 1) {
    const f = files[0]!;
    return reply
      .header('content-type', MIME[extOf(f.item.file_url)] ?? 'application/octet-stream')
      .header('content-length', String(f.size))
      .header('content-disposition', disposition(downloadName(f.item)))
      .send(createReadStream(f.abs));
  }
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const used = new Map<string, number>();
  for (const f of files) {
    let name = downloadName(f.item);
    const n = used.get(name) ?? 0;
    used.set(name, n + 1);
    if (n > 0) name = name.replace(/(\.[^.]+)?$/, (ext) => `(${n})${ext}`);
    zip.file(f.abs, { name });
  }
  void zip.finalize();
  const stamp = shanghaiStamp();
  return reply.header('content-type', 'application/zip').header('content-disposition', disposition(`知识库_${stamp}.zip`)).send(zip);
}
