import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { KnowledgeItem } from '@portal/domain/knowledge';
import { http } from '../../../lib/request';

export const knowledgeKey = ['knowledge', 'list'] as const;
export interface KnowledgeQuery {
  title?: string;
  pageNum: number;
  pageSize: number;
}
/** GET /api/app/base/list */
export const getKnowledge = (q: KnowledgeQuery) => http.page<KnowledgeItem>(API.baseList, { ...q }, { lock: false });
export const useKnowledge = (q: KnowledgeQuery) => useQuery({ queryKey: [...knowledgeKey, q], queryFn: () => getKnowledge(q), placeholderData: keepPreviousData });
