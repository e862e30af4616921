import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** POST /api/app/order/orderUrgent; urgentName is always 加急费 (spec 02 §5). */
export const urgentOrder = (body: { orderId: number; urgentPrice: string; urgentType: number }) =>
  http.post<unknown>(API.orderUrgent, { ...body, urgentName: MSG.urgentFeeName }, { idempotent: true });

export const useUrgentOrder = () => useOrderMutation(urgentOrder, MSG.modifyOk);
