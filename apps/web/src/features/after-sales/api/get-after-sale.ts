import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { afterSaleDetail } from '@portal/domain/contract/after-sales';
import { http } from '../../../lib/request';
import { afterSaleKeys } from './keys';

export type AfterSaleDetail = z.infer<typeof afterSaleDetail>;

/** GET /api/app/afterSales/{id}: the case with its timeline. */
export const getAfterSale = (id: number | string) => http.get<AfterSaleDetail>(API.afterSale(id));

export const afterSaleQuery = (id: string | null) =>
  queryOptions({ queryKey: afterSaleKeys.detail(id ?? ''), queryFn: () => getAfterSale(id!), enabled: !!id && /^\d+$/.test(id) });
export const useAfterSale = (id: string | null) => useQuery(afterSaleQuery(id));
