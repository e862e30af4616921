import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { logisticsCompany } from '@portal/domain/contract/orders';
import { http } from '../../../lib/request';
import { orderKeys } from './keys';

/** GET /api/app/company/list: courier companies (name). */
export const getLogisticsCompanies = async () => {
  const data = await http.get<Array<z.infer<typeof logisticsCompany>>>(API.companyList);
  return data ?? [];
};

export const logisticsCompaniesQuery = () => queryOptions({ queryKey: [...orderKeys.all, 'companies'], queryFn: getLogisticsCompanies, staleTime: 10 * 60_000 });
export const useLogisticsCompanies = () => useQuery(logisticsCompaniesQuery());
