import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** The POST /api/app/order/add payload as the form builds it (the server validates it with orderAddBody). */
export type OrderAddPayload = Record<string, unknown>;

/** POST /api/app/order/add → the new order id. */
export const addOrder = (body: OrderAddPayload) => http.post<number | { id: number }>(API.orderAdd, body, { idempotent: true });

export const useAddOrder = () => useOrderMutation(addOrder);
