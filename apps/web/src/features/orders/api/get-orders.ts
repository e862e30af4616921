import { API } from '@portal/domain/api-paths';
import type { z } from 'zod';
import type { orderListQuery, OrderListRow } from '@portal/domain/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, type Query } from '../../../lib/request';
import { orderKeys } from './keys';

/** GET /api/app/order/list filters (`orderListQuery`, spec 02 §7); status/node may be comma lists (pending shortcut). */
export type OrderListParams = z.input<typeof orderListQuery> & { pageNum: number; pageSize: number };

export const getOrders = (params: OrderListParams) => http.page<OrderListRow>(API.orderList, params as unknown as Query);

export const ordersQuery = (params: OrderListParams) =>
  queryOptions({ queryKey: orderKeys.list(params), queryFn: () => getOrders(params), placeholderData: keepPreviousData });

export const useOrders = (params: OrderListParams) => useQuery(ordersQuery(params));
