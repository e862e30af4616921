import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { integrationKeys } from './keys';

/** POST /api/app/webhooks/remove/{id} */
export const removeWebhook = (id: number) => http.post<null>(API.webhookRemove(id));
export function useRemoveWebhook() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeWebhook, onSuccess: () => void qc.invalidateQueries({ queryKey: integrationKeys.webhooks }) });
}
