import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { praiseRecord } from '@portal/domain/contract/orders';
import { http } from '../../../lib/request';
import { orderKeys } from './keys';

/** The praise-promotion proof of an order (spec 02 §3 Positive-review record). */
export type PraiseRecord = z.infer<typeof praiseRecord>;

/** GET /api/app/praise/getInfo/{orderId}. */
export const getPraiseRecord = (orderId: number) => http.get<PraiseRecord | null>(API.praiseInfo(orderId));

export const praiseRecordQuery = (orderId: number, enabled = true) =>
  queryOptions({ queryKey: [...orderKeys.all, 'praise', orderId], queryFn: () => getPraiseRecord(orderId), enabled });
export const usePraiseRecord = (orderId: number, enabled: boolean) => useQuery(praiseRecordQuery(orderId, enabled));
