import { useQuery } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { WebhookRow } from '@portal/domain/integrations';
import { http } from '../../../lib/request';

export const webhooksKey = ['integrations', 'webhooks'] as const;
/** GET /api/app/webhooks */
export const getWebhooks = () => http.get<WebhookRow[]>(API.webhooks, { lock: false });
export const useWebhooks = () => useQuery({ queryKey: webhooksKey, queryFn: getWebhooks });
