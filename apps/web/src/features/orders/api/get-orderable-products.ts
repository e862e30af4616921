import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { ProductRow } from '@portal/domain/products';
import { http } from '../../../lib/request';
import { orderKeys } from './keys';

/** GET /api/app/products/list isCheck=1 pageSize 9999: the passed products an order may use (spec 02 §7). */
export const getOrderableProducts = () => http.page<ProductRow>(API.productList, { isCheck: 1, pageSize: 9999, pageNum: 1 });

export const orderableProductsQuery = () => queryOptions({ queryKey: [...orderKeys.all, 'orderableProducts'], queryFn: getOrderableProducts, staleTime: 30_000 });
export const useOrderableProducts = () => useQuery(orderableProductsQuery());
