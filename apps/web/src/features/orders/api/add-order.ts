import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { orderAddBody } from '@portal/domain/orders';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** The POST /api/app/order/add payload: what `orderAddBody` (the route's schema) accepts. */
export type OrderAddPayload = z.input<typeof orderAddBody>;

/** POST /api/app/order/add → the new order id. */
export const addOrder = (body: OrderAddPayload) => http.post<number | { id: number }>(API.orderAdd, body, { idempotent: true });

export const useAddOrder = () => useOrderMutation(addOrder);
