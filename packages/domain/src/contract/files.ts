import { z } from 'zod';
import { UPLOAD_DIRS } from '../uploads';

/** Uploads (spec 01 §7): one file per call to the server, or a cloud direct-upload policy. */

export const uploadQuery = z.object({ type: z.enum(Object.keys(UPLOAD_DIRS) as [string, ...string[]]).optional().describe('上传目录，默认 common') });
export const uploadForm = z.object({ file: z.string().meta({ format: 'binary' }).describe('一个文件（multipart/form-data 字段 file）') });
export const uploadResult = z.object({
  fileName: z.string(),
  fileUrl: z.string().describe('保存到表单中的文件路径'),
  url: z.string().describe('用于展示的短期签名链接'),
});
export const ossToken = z.object({
  host: z.string(),
  dir: z.string(),
  policy: z.string(),
  OSSAccessKeyId: z.string(),
  signature: z.string(),
  callback: z.string(),
  expire: z.number(),
});
