import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuideField, PlatformProductRow, RuleField } from '@portal/domain/products';
import { PLATFORM_PRODUCT_API } from '@portal/domain/products';
import { platformHttp } from '../../../platform/lib/platform-request';
import { productKeys } from './keys';

export interface ReviewListParams {
  checkStatus?: number;
  keywords?: string;
  pageNum: number;
  pageSize: number;
}

/** Platform console: products of all vendors, by review status. */
export const getReviewProducts = (params: ReviewListParams) => platformHttp.page<PlatformProductRow>(PLATFORM_PRODUCT_API.list, { ...params });
export const useReviewProducts = (params: ReviewListParams) =>
  useQuery({ queryKey: productKeys.review(params), queryFn: () => getReviewProducts(params), placeholderData: keepPreviousData });

export type PassBody = { id: number } & Partial<Record<GuideField, number>> & Partial<Record<RuleField, string>>;
export const passProduct = (body: PassBody) => platformHttp.post<null>(PLATFORM_PRODUCT_API.pass, body);
export const rejectProduct = (body: { id: number; reason: string }) => platformHttp.post<null>(PLATFORM_PRODUCT_API.reject, body);

export function useReviewDecision() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: productKeys.all });
  return { pass: useMutation({ mutationFn: passProduct, onSuccess }), reject: useMutation({ mutationFn: rejectProduct, onSuccess }) };
}
