import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { orderFormProducts } from '@portal/domain/contract/orders';
import { http } from '../../../lib/request';

export type OrderFormProduct = z.infer<typeof orderFormProducts>[number];

/**
 * GET /api/app/order/products: the passed products an order may name, under the create key — not
 * 产品管理's list, whose key and data scope would leave a sub-account without it nothing to order
 * (decision 280). Outside the `orders` key root: an order changing elsewhere does not change them.
 */
export const getOrderFormProducts = () => http.get<OrderFormProduct[]>(API.orderFormProducts);

export const orderFormProductsQuery = () => queryOptions({ queryKey: ['orderForm', 'products'], queryFn: getOrderFormProducts });
export const useOrderFormProducts = () => useQuery(orderFormProductsQuery());
