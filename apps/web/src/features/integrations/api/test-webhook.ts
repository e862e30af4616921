import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { webhookTestQueued } from '@portal/domain/contract/integrations';
import { http } from '../../../lib/request';
import { integrationKeys } from './keys';

/** POST /api/app/webhooks/test/{id}: queues a webhook.test event. */
export const testWebhook = (id: number) => http.post<z.infer<typeof webhookTestQueued>>(API.webhookTest(id));
export function useTestWebhook() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: testWebhook, onSuccess: () => void qc.invalidateQueries({ queryKey: integrationKeys.deliveries }) });
}
