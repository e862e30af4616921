import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { afterSaleReason } from '@portal/domain/contract/after-sales';
import { http } from '../../../lib/request';
import { afterSaleKeys } from './keys';

/** POST /api/app/afterSales/selectCmsReasonList/{type}: the reason options of type 1 or 2. */
export const getReasons = (type: number) => http.post<Array<z.infer<typeof afterSaleReason>>>(API.afterSaleReasons(type), undefined, { lock: false });

export const reasonsQuery = (type: number, enabled = true) =>
  queryOptions({ queryKey: afterSaleKeys.reasons(type), queryFn: () => getReasons(type), enabled, staleTime: 10 * 60_000 });
export const useReasons = (type: number, enabled = true) => useQuery(reasonsQuery(type, enabled));
