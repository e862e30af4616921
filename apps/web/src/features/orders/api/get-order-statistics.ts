import { API } from '@portal/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/request';
import { orderKeys } from './keys';

/** Order statistics (spec 01 §3): one count per home tile. */
export interface OrderStatistics {
  total: number;
  obligations: number;
  pendingOrder: number;
  serviced: number;
  settled: number;
  completed: number;
  afterSale: number;
}

export const getOrderStatistics = () => http.get<OrderStatistics>(API.orderStatistics);

export const useOrderStatistics = (enabled = true) =>
  useQuery({ queryKey: orderKeys.statistics, queryFn: getOrderStatistics, enabled });
