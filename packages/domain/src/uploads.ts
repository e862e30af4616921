import { KNOWLEDGE_EXT, PICTURE_EXT, PICTURE_MAX_MB, VIDEO_EXT, VIDEO_MAX_MB, extOf } from './files';

// Upload folders (`POST /api/common/uploadFile?type={dir}`) and what each accepts. Only these names
// ever become part of a stored path: nothing the client sends reaches the file system.
const DOCUMENT_EXT = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'pdf', 'txt'] as const;
export const ANY_UPLOAD_EXT = [...PICTURE_EXT, ...VIDEO_EXT, ...DOCUMENT_EXT] as const;
export type UploadExt = (typeof ANY_UPLOAD_EXT)[number];

export const UPLOAD_DIRS = {
  /** account avatar and business licence: one picture */
  avatar: PICTURE_EXT,
  license: PICTURE_EXT,
  /** top-up proof */
  credentials: PICTURE_EXT,
  /** product pictures, videos and drawings */
  product: ANY_UPLOAD_EXT,
  /** order attachments, completion pictures, after-sales evidence */
  order: ANY_UPLOAD_EXT,
  afterSale: ANY_UPLOAD_EXT,
  knowledge: KNOWLEDGE_EXT,
  /** photos end customers attach on their order's page (issue 47) */
  customer: PICTURE_EXT,
  /** issued VAT invoices (the console) */
  invoice: ['pdf'],
  common: ANY_UPLOAD_EXT,
} as const satisfies Record<string, readonly UploadExt[]>;
export type UploadDir = keyof typeof UPLOAD_DIRS;
export const DEFAULT_UPLOAD_DIR: UploadDir = 'common';

export const isUploadDir = (v: unknown): v is UploadDir => typeof v === 'string' && Object.hasOwn(UPLOAD_DIRS, v);

export const VIDEO_MAX_MB_BYTES = VIDEO_MAX_MB * 1024 * 1024;

/** Documents and other files: the server's own ceiling when the spec names none. */
export const OTHER_MAX_MB = 50;

/** The largest size in bytes the server accepts for a file with this extension. */
export function maxBytesFor(name: string): number {
  const ext = extOf(name);
  const mb = (PICTURE_EXT as readonly string[]).includes(ext)
    ? PICTURE_MAX_MB
    : (VIDEO_EXT as readonly string[]).includes(ext)
      ? VIDEO_MAX_MB
      : OTHER_MAX_MB;
  return mb * 1024 * 1024;
}

/** The answer of an upload: original name, path under the image root, and a URL to show it. */
export interface UploadResult {
  fileName: string;
  fileUrl: string;
  url: string;
}

/** Cloud direct-upload token (spec 01 §7). */
export interface OssToken {
  host: string;
  dir: string;
  policy: string;
  OSSAccessKeyId: string;
  signature: string;
  callback: string;
  expire: number;
}

export const CLOUD_NOT_CONFIGURED = '未配置云存储，请使用服务器上传';
export const UPLOAD_DIR_INVALID = '上传目录不正确';
export const UPLOAD_EMPTY = '请选择要上传的文件';
export const FILE_NOT_OWNED = '文件不存在或无权使用';

/** The cloud object key rule of spec 01 §7: directory, timestamp, 5 random digits, 'file.' and the extension. */
export const cloudKey = (dir: string, ext: string, now = Date.now()) =>
  `${dir}${now}${String(Math.floor(Math.random() * 100000)).padStart(5, '0')}file.${ext}`;
