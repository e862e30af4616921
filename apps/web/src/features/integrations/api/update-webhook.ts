import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { z } from 'zod';
import type { webhookBody } from '@portal/domain/integrations';
import { http } from '../../../lib/request';
import { integrationKeys } from './keys';

/** POST /api/app/webhooks/edit/{id} (`webhookBody`) */
export const updateWebhook = ({ id, ...body }: z.input<typeof webhookBody> & { id: number }) => http.post<null>(API.webhookUpdate(id), body);
export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateWebhook, onSuccess: () => void qc.invalidateQueries({ queryKey: integrationKeys.webhooks }) });
}
