import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import type { urgentBody } from '@portal/domain/orders';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** What `urgentBody` accepts; urgentName is always 加急费 (spec 02 §5), the server writes it. */
export type UrgentOrderBody = Omit<z.input<typeof urgentBody>, 'urgentName'>;

/** POST /api/app/order/orderUrgent. */
export const urgentOrder = (body: UrgentOrderBody) => http.post<null>(API.orderUrgent, { ...body, urgentName: MSG.urgentFeeName }, { idempotent: true });

/** The dialog toasts 修改成功 itself: for a paid order it adds what the balance paid. */
export const useUrgentOrder = () => useOrderMutation(urgentOrder);
