import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileCountMessage } from '@portal/domain/messages';
import { UPLOAD_EMPTY } from '@portal/domain/uploads';
import { badRequest } from './errors';

/**
 * The one file of a multipart upload (field `file`), stored by `store`. A second file or another file
 * field is refused in Chinese, and what was stored before it is discarded: nothing stays of a refused call.
 */
export async function oneUploadedFile<T>(req: FastifyRequest, store: (part: MultipartFile) => Promise<T>, discard: (stored: T) => Promise<void>): Promise<T> {
  if (!req.isMultipart()) throw badRequest(UPLOAD_EMPTY);
  let stored: T | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (stored || part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest(fileCountMessage(1));
      }
      stored = await store(part);
    }
  } catch (err) {
    if (stored) await discard(stored);
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest(fileCountMessage(1));
    throw err;
  }
  if (!stored) throw badRequest(UPLOAD_EMPTY);
  return stored;
}
