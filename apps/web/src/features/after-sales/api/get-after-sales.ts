import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AfterSaleRow } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { afterSaleKeys } from './keys';

export interface AfterSaleListParams {
  keyword?: string;
  status?: number;
  minTime?: string;
  maxTime?: string;
  pageNum: number;
  pageSize: number;
}

/** GET /api/app/afterSales/list: rows and total. */
export const getAfterSales = (params: AfterSaleListParams) => http.page<AfterSaleRow>(API.afterSaleList, { ...params });

export const useAfterSales = (params: AfterSaleListParams) =>
  useQuery({ queryKey: afterSaleKeys.list(params), queryFn: () => getAfterSales(params), placeholderData: keepPreviousData });
