import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { apiKeyRow } from '@portal/domain/contract/integrations';
import { http } from '../../../lib/request';
import { integrationKeys } from './keys';

/** GET /api/app/openapi/keys */
export const getApiKeys = () => http.get<Array<z.infer<typeof apiKeyRow>>>(API.openapiKeys, { lock: false });
export const apiKeysQuery = () => queryOptions({ queryKey: integrationKeys.apiKeys, queryFn: getApiKeys });
export const useApiKeys = () => useQuery(apiKeysQuery());
