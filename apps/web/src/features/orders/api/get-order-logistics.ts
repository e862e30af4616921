import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { logisticsEntry } from '@portal/domain/contract/orders';
import { http } from '../../../lib/request';
import { orderKeys } from './keys';

/** A parcel of an order with its tracking events (spec 02 §3 Logistics). */
export type LogisticsEntry = z.infer<typeof logisticsEntry>;

/** GET /api/app/order/logistics?orderId. */
export const getOrderLogistics = (orderId: number) => http.get<LogisticsEntry[]>(API.orderLogistics, { query: { orderId } });

export const orderLogisticsQuery = (orderId: number, enabled = true) =>
  queryOptions({ queryKey: orderKeys.logistics(orderId), queryFn: () => getOrderLogistics(orderId), enabled });
export const useOrderLogistics = (orderId: number, enabled: boolean) => useQuery(orderLogisticsQuery(orderId, enabled));
