import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** POST /api/app/order/cancel {ids, closeRemark}. */
export const cancelOrders = (body: { ids: number[]; closeRemark: string }) => http.post<unknown>(API.orderCancel, body, { idempotent: true });

export const useCancelOrders = () => useOrderMutation(cancelOrders, MSG.cancelOk);
