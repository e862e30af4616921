import { randomBytes } from 'node:crypto';
import { freshTimestamp, sign } from '@portal/domain/signature';
import { API, PLATFORM_API } from '@portal/domain/api-paths';
import type { TestApp } from './helper';

export interface UploadPart {
  name: string;
  content: Buffer | string;
  field?: string;
  contentType?: string;
}

/** A signed multipart upload as the widget sends it (body hash of the empty string); `platform`: as an operator. */
export async function upload(t: TestApp, token: string, files: UploadPart | UploadPart[], dir?: string, opts: { platform?: boolean } = {}) {
  const path = opts.platform ? PLATFORM_API.uploadFile : API.uploadFile;
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const f of Array.isArray(files) ? files : [files]) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const rawQuery = dir === undefined ? '' : `type=${encodeURIComponent(dir)}`;
  const timestamp = String(freshTimestamp());
  const signature = sign(t.config.SIGN_KEY, { method: 'POST', path, rawQuery, timestamp, token, body: '' });
  const res = await t.app.inject({
    method: 'POST',
    url: rawQuery ? `${path}?${rawQuery}` : path,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, role: opts.platform ? 'platform' : 'manufacturer', timestamp, token, signature, authorization: `Bearer ${token}` },
    payload: Buffer.concat(chunks),
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: { fileName: string; fileUrl: string; url: string } | null } };
}

/** Small real files for each accepted type (magic bytes right). */
export const SAMPLE = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]),
  jpg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  docx: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(64)]),
  doc: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(64)]),
  mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), randomBytes(64)]),
  txt: Buffer.from('知识库说明\n第一行\n'),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('This program cannot be run in DOS mode')]),
};
