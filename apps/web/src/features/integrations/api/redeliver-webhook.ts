import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { integrationKeys } from './keys';

/** POST /api/app/webhooks/deliveries/redeliver/{id} */
export const redeliverWebhook = (deliveryId: number) => http.post<null>(API.webhookRedeliver(deliveryId));
export function useRedeliverWebhook() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: redeliverWebhook, onSuccess: () => void qc.invalidateQueries({ queryKey: integrationKeys.deliveries }) });
}
