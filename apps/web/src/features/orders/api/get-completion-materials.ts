import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { completionMaterials } from '@portal/domain/contract/orders';
import { http } from '../../../lib/request';
import { orderKeys } from './keys';

/** Completion materials (spec 02 §3): pictures per product line, recycle pictures, materials, remarks. */
export type CompletionMaterials = z.infer<typeof completionMaterials>;
export type CompletionFile = CompletionMaterials['recycleImgs'][number];

/** GET /api/app/detail/information/{orderId}. */
export const getCompletionMaterials = (orderId: number) => http.get<CompletionMaterials | null>(API.detailInformation(orderId));

export const completionMaterialsQuery = (orderId: number, enabled = true) =>
  queryOptions({ queryKey: [...orderKeys.all, 'completion', orderId], queryFn: () => getCompletionMaterials(orderId), enabled });
export const useCompletionMaterials = (orderId: number, enabled: boolean) => useQuery(completionMaterialsQuery(orderId, enabled));
