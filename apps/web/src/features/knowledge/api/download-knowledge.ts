import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

/**
 * POST /api/app/base/download {ids}: one file as it is, several as a zip. The request layer shows
 * 正在下载数据，请稍候 while it runs and 下载文件出现错误，请联系管理员！ when it fails.
 */
export const downloadKnowledge = (ids: number[], fallbackName: string) => http.download(API.baseDownload, { ids }, fallbackName);
