import { API } from '@portal/domain/api-paths';
import type { OrderListRow } from '@portal/domain/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, type Query } from '../../../lib/request';
import { orderKeys } from '../../../lib/order-keys';

/** GET /api/app/order/list filters (spec 02 §7); status/node may be comma lists (pending shortcut). */
export interface OrderListParams {
  keyWords?: string;
  label?: string;
  status?: string;
  node?: string;
  minCreateTime?: string;
  maxCreateTime?: string;
  minCompletionTime?: string;
  maxCompletionTime?: string;
  /** timeliness (issue 19): 'overdue' 已超时 / 'soon' 即将超时 */
  sla?: string;
  pageNum: number;
  pageSize: number;
}

export const getOrders = (params: OrderListParams) => http.page<OrderListRow>(API.orderList, params as unknown as Query);

export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({ queryKey: orderKeys.list(params), queryFn: () => getOrders(params), placeholderData: keepPreviousData });

export const useOrders = (params: OrderListParams) => useQuery(ordersQueryOptions(params));
