import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** POST /api/app/order/reminder. */
export const remindOrder = (body: { orderId: number; reminderContent: string }) => http.post<unknown>(API.orderReminder, body);

export const useRemindOrder = () => useOrderMutation(remindOrder, MSG.remindOk);
