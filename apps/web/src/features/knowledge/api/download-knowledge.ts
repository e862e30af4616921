import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { knowledgeDownloadBody } from '@portal/domain/knowledge';
import { http } from '../../../lib/request';

/**
 * POST /api/app/base/download {ids} (`knowledgeDownloadBody`): one file as it is, several as a zip. The
 * request layer shows 正在下载数据，请稍候 while it runs and 下载文件出现错误，请联系管理员！ when it fails.
 */
export const downloadKnowledge = (ids: z.input<typeof knowledgeDownloadBody>['ids'], fallbackName: string) => http.download(API.baseDownload, { ids }, fallbackName);
