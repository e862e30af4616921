import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { productRow } from '@portal/domain/contract/products';
import type { productListQuery } from '@portal/domain/products';
import { http } from '../../../lib/request';
import { productKeys } from './keys';

export type ProductRow = z.infer<typeof productRow>;
/** The list's filters (`productListQuery`). */
export type ProductListParams = Partial<z.infer<typeof productListQuery>> & { pageNum: number; pageSize: number };

/** GET /api/app/products/list: rows and total. */
export const getProducts = (params: ProductListParams) => http.page<ProductRow>(API.productList, { ...params });

export const productsQuery = (params: ProductListParams) =>
  queryOptions({ queryKey: productKeys.list(params), queryFn: () => getProducts(params), placeholderData: keepPreviousData });
export const useProducts = (params: ProductListParams) => useQuery(productsQuery(params));
