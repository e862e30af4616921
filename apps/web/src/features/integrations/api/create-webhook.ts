import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { webhookCreated } from '@portal/domain/contract/integrations';
import type { webhookBody } from '@portal/domain/integrations';
import { http } from '../../../lib/request';
import { integrationKeys } from './keys';

/** POST /api/app/webhooks (`webhookBody`) → its id and signing secret. */
export const createWebhook = (body: z.input<typeof webhookBody>) => http.post<z.infer<typeof webhookCreated>>(API.webhooks, body);
export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: () => void qc.invalidateQueries({ queryKey: integrationKeys.webhooks }) });
}
