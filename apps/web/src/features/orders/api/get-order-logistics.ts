import { API } from '@portal/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/request';
import { orderKeys } from '../../../lib/order-keys';

/** A parcel of an order with its tracking events (spec 02 §3 Logistics). */
export interface LogisticsEntry {
  logisticsCompany: string;
  logisticsNum: string;
  createTime: string;
  cmcLogisticsDetailList: Array<{ context: string; time?: string }>;
}

/** GET /api/app/order/logistics?orderId. */
export const getOrderLogistics = (orderId: number) => http.get<LogisticsEntry[]>(API.orderLogistics, { query: { orderId } });

export const useOrderLogistics = (orderId: number, enabled: boolean) =>
  useQuery({ queryKey: orderKeys.logistics(orderId), queryFn: () => getOrderLogistics(orderId), enabled });
