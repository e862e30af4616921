import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import type { CustomerModifyInput } from '@portal/domain/orders';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** POST /api/app/order/customer/modify. */
export const modifyCustomer = (body: CustomerModifyInput) => http.post<unknown>(API.orderCustomerModify, body);

export const useModifyCustomer = () => useOrderMutation(modifyCustomer, MSG.modifyOk);
