import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import type { submissionAddBody } from '@portal/domain/orders';
import { http } from '../../../lib/request';
import { useOrderMutation } from './use-order-mutation';

/** What `submissionAddBody` accepts: {orderId, materialSubmissionId, company, trackingNum, phone}. */
export type PartsShippingBody = z.input<typeof submissionAddBody>;

/** POST /api/app/submission/add. */
export const addPartsShipping = (body: PartsShippingBody) => http.post<null>(API.submissionAdd, body, { idempotent: true });

export const useAddPartsShipping = () => useOrderMutation(addPartsShipping, MSG.submitOk);
