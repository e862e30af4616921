import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { platformProductRow } from '@portal/domain/contract/products';
import { PLATFORM_PRODUCT_API, type platformProductListQuery, type productPassBody, type productRejectBody } from '@portal/domain/products';
import { platformHttp } from '../../../platform/lib/platform-request';
import { productKeys } from './keys';

export type PlatformProductRow = z.infer<typeof platformProductRow>;
/** The review list's filters (`platformProductListQuery`). */
export type ReviewListParams = Partial<z.infer<typeof platformProductListQuery>> & { pageNum: number; pageSize: number };

/** Platform console: products of all vendors, by review status. */
export const getReviewProducts = (params: ReviewListParams) => platformHttp.page<PlatformProductRow>(PLATFORM_PRODUCT_API.list, { ...params });
export const reviewProductsQuery = (params: ReviewListParams) =>
  queryOptions({ queryKey: productKeys.review(params), queryFn: () => getReviewProducts(params), placeholderData: keepPreviousData });
export const useReviewProducts = (params: ReviewListParams) => useQuery(reviewProductsQuery(params));

/** What `productPassBody` accepts: the guide prices and rules the operator confirms. */
export type PassBody = z.input<typeof productPassBody>;
export const passProduct = (body: PassBody) => platformHttp.post<null>(PLATFORM_PRODUCT_API.pass, body);
export const rejectProduct = (body: z.input<typeof productRejectBody>) => platformHttp.post<null>(PLATFORM_PRODUCT_API.reject, body);

export function useReviewDecision() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: productKeys.all });
  return { pass: useMutation({ mutationFn: passProduct, onSuccess }), reject: useMutation({ mutationFn: rejectProduct, onSuccess }) };
}
