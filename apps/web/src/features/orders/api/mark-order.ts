import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** POST /api/app/order/marker {orderId, markerType, markerValue}. */
export const markOrder = (body: { orderId: number; markerType: string; markerValue: string }) => http.post<unknown>(API.orderMarker, body);

export const useMarkOrder = () => useOrderMutation(markOrder, MSG.saveOk);
