import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { deliveriesKey } from './get-webhook-deliveries';

/** POST /api/app/webhooks/test/{id}: queues a webhook.test event. */
export const testWebhook = (id: number) => http.post<{ deliveryId: number; messageId: string }>(API.webhookTest(id));
export function useTestWebhook() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: testWebhook, onSuccess: () => void qc.invalidateQueries({ queryKey: deliveriesKey }) });
}
