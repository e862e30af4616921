import { useQuery } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { ApiKeyRow } from '@portal/domain/integrations';
import { http } from '../../../lib/request';

export const apiKeysKey = ['integrations', 'apiKeys'] as const;
/** GET /api/app/openapi/keys */
export const getApiKeys = () => http.get<ApiKeyRow[]>(API.openapiKeys, { lock: false });
export const useApiKeys = () => useQuery({ queryKey: apiKeysKey, queryFn: getApiKeys });
