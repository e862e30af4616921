import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import type { customerModifyBody } from '@portal/domain/orders';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** POST /api/app/order/customer/modify (`customerModifyBody`). */
export const modifyCustomer = (body: z.input<typeof customerModifyBody>) => http.post<null>(API.orderCustomerModify, body);

export const useModifyCustomer = () => useOrderMutation(modifyCustomer, MSG.modifyOk);
