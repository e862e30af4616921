import { API } from '@portal/domain/api-paths';
import { extOf } from '@portal/domain/files';
import { MSG } from '@portal/domain/messages';
import { cloudKey, type OssToken } from '@portal/domain/uploads';
import type { HttpClient } from '../../lib/http-client';
import { http } from '../../lib/request';
import { notifier } from '../../lib/notifier';

/** Which client and routes a widget uploads through: the vendor's by default, the console passes its own. */
export interface UploadVia {
  client: Pick<HttpClient, 'post' | 'upload'>;
  uploadPath: string;
  tokenPath: string;
}
export const VENDOR_UPLOADS: UploadVia = { client: http, uploadPath: API.uploadFile, tokenPath: API.ossToken };

/**
 * Direct upload to cloud storage (spec 01 §7): a signed POST policy from the server, then a form
 * post of policy, OSSAccessKeyId, signature, success_action_status 200, callback and key.
 * Resolves the stored path (with a leading slash, image root removed).
 */
export async function cloudUpload(file: File, dir: string, onProgress?: (percent: number) => void, via: UploadVia = VENDOR_UPLOADS): Promise<string> {
  let token: OssToken;
  try {
    token = await via.client.post<OssToken>(via.tokenPath, {}, { query: { type: dir }, silent: true, lock: false });
    if (!token?.policy) throw new Error('empty token');
  } catch (e) {
    notifier().message.error(MSG.ossTokenFailed);
    throw new Error(MSG.ossTokenFailed, { cause: e });
  }
  const key = cloudKey(token.dir, extOf(file.name));
  const form = new FormData();
  form.append('key', key);
  form.append('policy', token.policy);
  form.append('OSSAccessKeyId', token.OSSAccessKeyId);
  form.append('signature', token.signature);
  form.append('success_action_status', '200');
  if (token.callback) form.append('callback', token.callback);
  form.append('file', file, file.name);
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', token.host);
    xhr.upload.onprogress = (ev) => ev.lengthComputable && onProgress?.(Math.round((ev.loaded / ev.total) * 100));
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`storage answered ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('storage unreachable'));
    xhr.send(form);
  });
  return `/${key}`;
}
