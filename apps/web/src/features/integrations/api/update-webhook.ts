import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { WebhookBody } from '@portal/domain/integrations';
import { http } from '../../../lib/request';
import { webhooksKey } from './get-webhooks';

/** POST /api/app/webhooks/edit/{id} */
export const updateWebhook = ({ id, ...body }: WebhookBody & { id: number }) => http.post<null>(API.webhookUpdate(id), body);
export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateWebhook, onSuccess: () => void qc.invalidateQueries({ queryKey: webhooksKey }) });
}
