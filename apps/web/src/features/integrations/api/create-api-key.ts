import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { apiKeysKey } from './get-api-keys';

/** POST /api/app/openapi/keys: the secret is answered this once. */
export const createApiKey = (name: string) => http.post<{ keyId: string; secret: string }>(API.openapiKeys, { name });
export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => void qc.invalidateQueries({ queryKey: apiKeysKey }) });
}
