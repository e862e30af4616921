import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** POST /api/app/submission/add {trackingNum, company, orderId, phone, materialSubmissionId}. */
export const addPartsShipping = (body: { orderId: number; materialSubmissionId: number; company: string; trackingNum: string; phone: string }) =>
  http.post<unknown>(API.submissionAdd, body, { idempotent: true });

export const useAddPartsShipping = () => useOrderMutation(addPartsShipping, MSG.submitOk);
