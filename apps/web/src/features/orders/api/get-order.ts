import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { OrderDetail } from '@portal/domain/orders';
import { http } from '../../../lib/request';
import { orderKeys } from './keys';

/** GET /api/app/order/{id}: the detail (displayed status, statusInfo, expenses, log, logistics). */
export const getOrder = (id: number | string) => http.get<OrderDetail>(API.order(id));

export const orderQuery = (id: number | string | null | undefined) =>
  queryOptions({ queryKey: orderKeys.detail(id ?? ''), queryFn: () => getOrder(id!), enabled: !!id });
export const useOrder = (id: number | string | null | undefined) => useQuery(orderQuery(id));
