import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { webhookRow } from '@portal/domain/contract/integrations';
import { http } from '../../../lib/request';
import { integrationKeys } from './keys';

/** GET /api/app/webhooks */
export const getWebhooks = () => http.get<Array<z.infer<typeof webhookRow>>>(API.webhooks, { lock: false });
export const webhooksQuery = () => queryOptions({ queryKey: integrationKeys.webhooks, queryFn: getWebhooks });
export const useWebhooks = () => useQuery(webhooksQuery());
