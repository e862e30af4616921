import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import { fileTypeCode } from '@portal/domain/files';
import { http } from '../../../lib/request';
import { knowledgeKey } from './get-knowledge';

/** POST /api/app/base (add) or /api/app/base/edit (with id); fileType from the extension. */
export const saveKnowledge = (body: { id?: number; title: string; fileUrl: string }) =>
  http.post<{ id: number } | null>(body.id ? API.baseEdit : API.baseAdd, { ...body, fileType: fileTypeCode(body.fileUrl) });
export function useSaveKnowledge() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveKnowledge, onSuccess: () => void qc.invalidateQueries({ queryKey: knowledgeKey }) });
}
