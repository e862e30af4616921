import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { partsMaterial } from '@portal/domain/contract/orders';
import { http } from '../../../lib/request';
import { orderKeys } from './keys';

/** The master's latest parts request of an order and what the vendor shipped for it (spec 02 §3 Parts). */
export type PartsApplication = z.infer<typeof partsMaterial>;

/** GET /api/app/application/getLast/{orderId}; null when the master asked for none. */
export const getPartsApplication = (orderId: number) => http.get<PartsApplication | null>(API.applicationLast(orderId));

export const partsApplicationQuery = (orderId: number, enabled = true) =>
  queryOptions({ queryKey: [...orderKeys.all, 'parts', orderId], queryFn: () => getPartsApplication(orderId), enabled });
export const usePartsApplication = (orderId: number, enabled: boolean) => useQuery(partsApplicationQuery(orderId, enabled));
