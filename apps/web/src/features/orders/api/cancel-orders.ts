import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import type { cancelBody } from '@portal/domain/orders';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** POST /api/app/order/cancel {ids, closeRemark} (`cancelBody`) → how many orders were cancelled. */
export const cancelOrders = (body: z.input<typeof cancelBody>) => http.post<number>(API.orderCancel, body, { idempotent: true });

export const useCancelOrders = () => useOrderMutation(cancelOrders, MSG.cancelOk);
