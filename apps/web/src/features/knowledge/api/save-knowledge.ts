import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { knowledgeCreated } from '@portal/domain/contract/knowledge';
import { fileTypeCode } from '@portal/domain/files';
import type { knowledgeAddBody } from '@portal/domain/knowledge';
import { http } from '../../../lib/request';
import { knowledgeKeys } from './keys';

/** What `knowledgeAddBody` accepts, with the id of an edit (`knowledgeEditBody`). */
export type KnowledgeBody = z.input<typeof knowledgeAddBody> & { id?: number };

/** POST /api/app/base (add) or /api/app/base/edit (with id); fileType from the extension. */
export const saveKnowledge = (body: KnowledgeBody) =>
  http.post<z.infer<typeof knowledgeCreated> | null>(body.id ? API.baseEdit : API.baseAdd, { ...body, fileType: fileTypeCode(body.fileUrl) });
export function useSaveKnowledge() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveKnowledge, onSuccess: () => void qc.invalidateQueries({ queryKey: knowledgeKeys.all }) });
}
