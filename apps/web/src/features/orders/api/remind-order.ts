import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import type { reminderBody } from '@portal/domain/orders';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** POST /api/app/order/reminder (`reminderBody`). */
export const remindOrder = (body: z.input<typeof reminderBody>) => http.post<null>(API.orderReminder, body);

export const useRemindOrder = () => useOrderMutation(remindOrder, MSG.remindOk);
