import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { ProductRow } from '@portal/domain/products';
import { http } from '../../../lib/request';
import { productKeys } from './keys';

export interface ProductListParams {
  keywords?: string;
  categoryId?: number;
  categoryId1?: number;
  categoryId2?: number;
  minPrice?: number;
  maxPrice?: number;
  isCheck?: number;
  pageNum: number;
  pageSize: number;
}

/** GET /api/app/products/list: rows and total. */
export const getProducts = (params: ProductListParams) => http.page<ProductRow>(API.productList, { ...params });

export const useProducts = (params: ProductListParams) =>
  useQuery({ queryKey: productKeys.list(params), queryFn: () => getProducts(params), placeholderData: keepPreviousData });
