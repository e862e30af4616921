import { useQuery } from '@tanstack/react-query';
import type { AfterSaleReason } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { afterSaleKeys } from './keys';

/** POST /api/app/afterSales/selectCmsReasonList/{type}: the reason options of type 1 or 2. */
export const getReasons = (type: number) => http.post<AfterSaleReason[]>(API.afterSaleReasons(type), undefined, { lock: false });

export const useReasons = (type: number, enabled = true) =>
  useQuery({ queryKey: afterSaleKeys.reasons(type), queryFn: () => getReasons(type), enabled, staleTime: 10 * 60_000 });
