import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { integrationKeys } from './keys';

/** POST /api/app/openapi/keys/remove/{id} */
export const revokeApiKey = (id: number) => http.post<null>(API.openapiKeyRemove(id));
export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => void qc.invalidateQueries({ queryKey: integrationKeys.apiKeys }) });
}
