import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { orderPaid } from '@portal/domain/contract/orders';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** POST /api/app/order/pay/{id}: pay from the wallet balance (silent: the screen shows the outcome). */
export const payOrder = (id: number | string) => http.post<z.infer<typeof orderPaid>>(API.orderPay(id), undefined, { silent: true, idempotent: true });

export const usePayOrder = () => useOrderMutation(payOrder);
