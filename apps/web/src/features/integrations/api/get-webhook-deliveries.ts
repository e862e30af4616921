import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { webhookDeliveryRow } from '@portal/domain/contract/integrations';
import { http } from '../../../lib/request';
import { integrationKeys } from './keys';

/** GET /api/app/webhooks/{id}/deliveries (paged) */
export const getWebhookDeliveries = (id: number, pageNum: number, pageSize: number) =>
  http.page<z.infer<typeof webhookDeliveryRow>>(API.webhookDeliveries(id), { pageNum, pageSize }, { lock: false });
/** Refreshed every few seconds while open: pending deliveries change on their own. */
export const webhookDeliveriesQuery = (id: number | null, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...integrationKeys.deliveries, id, pageNum, pageSize],
    queryFn: () => getWebhookDeliveries(id!, pageNum, pageSize),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 3000,
  });
export const useWebhookDeliveries = (id: number | null, pageNum: number, pageSize: number) => useQuery(webhookDeliveriesQuery(id, pageNum, pageSize));
