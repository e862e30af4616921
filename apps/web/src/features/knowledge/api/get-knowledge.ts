import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { knowledgeItem } from '@portal/domain/contract/knowledge';
import type { knowledgeListQuery } from '@portal/domain/knowledge';
import { http } from '../../../lib/request';
import { knowledgeKeys } from './keys';

export type KnowledgeItem = z.infer<typeof knowledgeItem>;
/** The list's filters (`knowledgeListQuery`). */
export type KnowledgeQuery = Partial<z.infer<typeof knowledgeListQuery>> & { pageNum: number; pageSize: number };

/** GET /api/app/base/list */
export const getKnowledge = (q: KnowledgeQuery) => http.page<KnowledgeItem>(API.baseList, { ...q }, { lock: false });
export const knowledgeQuery = (q: KnowledgeQuery) => queryOptions({ queryKey: knowledgeKeys.list(q), queryFn: () => getKnowledge(q), placeholderData: keepPreviousData });
export const useKnowledge = (q: KnowledgeQuery) => useQuery(knowledgeQuery(q));
