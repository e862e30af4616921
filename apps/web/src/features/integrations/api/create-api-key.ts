import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { apiKeyCreated } from '@portal/domain/contract/integrations';
import type { apiKeyCreateBody } from '@portal/domain/integrations';
import { http } from '../../../lib/request';
import { integrationKeys } from './keys';

/** POST /api/app/openapi/keys {name} (`apiKeyCreateBody`): the secret is answered this once. */
export const createApiKey = (name: z.input<typeof apiKeyCreateBody>['name']) => http.post<z.infer<typeof apiKeyCreated>>(API.openapiKeys, { name });
export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => void qc.invalidateQueries({ queryKey: integrationKeys.apiKeys }) });
}
