import { z } from 'zod';
import { KNOWLEDGE_EXT, extOf } from './files';
import { MSG, fileTypeMessage } from './messages';
import { id, requiredText } from './validation';

// Knowledge base (spec 01 §2 zhiShiKu, §5).
export const KNOWLEDGE_TITLE_MAX = 100;

/** Exactly one uploaded file of the allowed types, as a path under the image root. */
export const knowledgeFile = z
  .string({ error: MSG.fileRequired })
  .trim()
  .min(1, MSG.fileRequired)
  .refine((v) => !v.includes(','), MSG.fileRequired)
  .refine((v) => (KNOWLEDGE_EXT as readonly string[]).includes(extOf(v)), fileTypeMessage(KNOWLEDGE_EXT));

export const knowledgeAddBody = z.object({
  title: requiredText(MSG.titleRequired).max(KNOWLEDGE_TITLE_MAX, `标题最多输入${KNOWLEDGE_TITLE_MAX}个字符`),
  fileUrl: knowledgeFile,
});
export const knowledgeEditBody = knowledgeAddBody.extend({ id });

export const knowledgeListQuery = z.object({
  title: z.string().trim().max(100).optional().catch(undefined),
  pageNum: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(10),
});

export const NO_ROWS_SELECTED = '请选择要下载的文件';
export const knowledgeDownloadBody = z.object({
  ids: z.array(id, { error: NO_ROWS_SELECTED }).min(1, NO_ROWS_SELECTED).max(200, '一次最多下载200个文件'),
});

export interface KnowledgeItem {
  id: number;
  title: string;
  fileUrl: string;
  fileType: number;
  fileName: string;
  createTime: string;
}
