import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** POST /api/app/order/confirmation/{id}. */
export const confirmCompletion = (id: number) => http.post<null>(API.orderConfirmation(id), undefined, { idempotent: true });

export const useConfirmCompletion = () => useOrderMutation(confirmCompletion, MSG.submitOk);
