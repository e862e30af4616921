import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { afterSaleListQuery } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import type { afterSaleRow } from '@portal/domain/contract/after-sales';
import { http } from '../../../lib/request';
import { afterSaleKeys } from './keys';

export type AfterSaleRow = z.infer<typeof afterSaleRow>;
/** The list's filters (`afterSaleListQuery`). */
export type AfterSaleListParams = Partial<z.infer<typeof afterSaleListQuery>> & { pageNum: number; pageSize: number };

/** GET /api/app/afterSales/list: rows and total. */
export const getAfterSales = (params: AfterSaleListParams) => http.page<AfterSaleRow>(API.afterSaleList, { ...params });

export const afterSalesQuery = (params: AfterSaleListParams) =>
  queryOptions({ queryKey: afterSaleKeys.list(params), queryFn: () => getAfterSales(params), placeholderData: keepPreviousData });
export const useAfterSales = (params: AfterSaleListParams) => useQuery(afterSalesQuery(params));
