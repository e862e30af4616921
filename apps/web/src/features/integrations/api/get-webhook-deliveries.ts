import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { WebhookDeliveryRow } from '@portal/domain/integrations';
import { http } from '../../../lib/request';

export const deliveriesKey = ['integrations', 'deliveries'] as const;
/** GET /api/app/webhooks/{id}/deliveries (paged) */
export const getWebhookDeliveries = (id: number, pageNum: number, pageSize: number) =>
  http.page<WebhookDeliveryRow>(API.webhookDeliveries(id), { pageNum, pageSize }, { lock: false });
/** Refreshed every few seconds while open: pending deliveries change on their own. */
export const useWebhookDeliveries = (id: number | null, pageNum: number, pageSize: number) =>
  useQuery({
    queryKey: [...deliveriesKey, id, pageNum, pageSize],
    queryFn: () => getWebhookDeliveries(id!, pageNum, pageSize),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 3000,
  });
