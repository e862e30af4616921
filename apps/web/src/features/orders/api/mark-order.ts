import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import type { markerBody } from '@portal/domain/orders';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** POST /api/app/order/marker {orderId, markerType, markerValue} (`markerBody`). */
export const markOrder = (body: z.input<typeof markerBody>) => http.post<null>(API.orderMarker, body);

export const useMarkOrder = () => useOrderMutation(markOrder, MSG.saveOk);
