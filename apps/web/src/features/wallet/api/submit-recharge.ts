import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { walletKeys } from './keys';

export interface RechargeInput {
  /** Whole yuan. */
  rechargeAmount: number;
  /** One proof image path (image root removed). */
  credentials: string;
  remarks?: string;
}

/** POST /api/app/recordss: a top-up awaiting the platform's confirmation. */
export const submitRecharge = (input: RechargeInput) => http.post<{ id: number; transactionFlowNo: string }>(API.recharge, input, { idempotent: true });

export function useSubmitRecharge() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: submitRecharge, onSuccess: () => qc.invalidateQueries({ queryKey: walletKeys.all }) });
}
