import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { knowledgeKeys } from './keys';

/** POST /api/app/base/remove/{id} */
export const removeKnowledge = (id: number) => http.post<null>(API.baseRemove(id));
export function useRemoveKnowledge() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeKnowledge, onSuccess: () => void qc.invalidateQueries({ queryKey: knowledgeKeys.all }) });
}
