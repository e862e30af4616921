import { useQuery } from '@tanstack/react-query';
import type { AfterSaleDetail } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { afterSaleKeys } from './keys';

/** GET /api/app/afterSales/{id}: the case with its timeline. */
export const getAfterSale = (id: number | string) => http.get<AfterSaleDetail>(API.afterSale(id));

export const useAfterSale = (id: string | null) =>
  useQuery({ queryKey: afterSaleKeys.detail(id ?? ''), queryFn: () => getAfterSale(id!), enabled: !!id && /^\d+$/.test(id) });
