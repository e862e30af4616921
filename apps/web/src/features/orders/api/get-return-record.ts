import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { returnRecord } from '@portal/domain/contract/orders';
import { http } from '../../../lib/request';
import { orderKeys } from './keys';

/** The returned-part record of an order with the vendor's return address (spec 02 §3 Returned-item record). */
export type ReturnRecord = z.infer<typeof returnRecord>;

/** GET /api/app/information/getInfo/{orderId}. */
export const getReturnRecord = (orderId: number) => http.get<ReturnRecord | null>(API.returnInfo(orderId));

export const returnRecordQuery = (orderId: number, enabled = true) =>
  queryOptions({ queryKey: [...orderKeys.all, 'return', orderId], queryFn: () => getReturnRecord(orderId), enabled });
export const useReturnRecord = (orderId: number, enabled: boolean) => useQuery(returnRecordQuery(orderId, enabled));
