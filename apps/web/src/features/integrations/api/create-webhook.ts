import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { WebhookBody } from '@portal/domain/integrations';
import { http } from '../../../lib/request';
import { webhooksKey } from './get-webhooks';

/** POST /api/app/webhooks */
export const createWebhook = (body: WebhookBody) => http.post<{ id: number; secret: string }>(API.webhooks, body);
export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: () => void qc.invalidateQueries({ queryKey: webhooksKey }) });
}
