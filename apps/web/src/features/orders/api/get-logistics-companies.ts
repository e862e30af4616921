import { API } from '@portal/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/request';

/** GET /api/app/company/list: courier companies (name). */
export const getLogisticsCompanies = async () => {
  const data = await http.get<Array<{ id?: number; name: string }>>(API.companyList);
  return data ?? [];
};

export const useLogisticsCompanies = () =>
  useQuery({ queryKey: ['orders', 'companies'], queryFn: getLogisticsCompanies, staleTime: 10 * 60_000 });
