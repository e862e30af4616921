import { API } from '@portal/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/request';

/** GET /api/app/sla/summary (issue 19): the caller's orders past their due time and due within the soon window. */
export const useSlaSummary = () =>
  useQuery({ queryKey: ['home', 'slaSummary'], queryFn: () => http.get<{ overdue: number; soon: number }>(API.slaSummary), retry: false, refetchInterval: 60_000 });
