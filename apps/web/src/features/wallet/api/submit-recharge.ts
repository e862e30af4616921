import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { rechargeCreated } from '@portal/domain/contract/wallet';
import type { rechargeBody } from '@portal/domain/wallet';
import { http } from '../../../lib/request';
import { walletKeys } from './keys';

/** What the top-up form sends (`rechargeBody`'s input: whole yuan, one proof image path, remarks). */
export type RechargeInput = z.input<typeof rechargeBody>;

/** POST /api/app/recordss: a top-up awaiting the platform's confirmation. */
export const submitRecharge = (input: RechargeInput) => http.post<z.infer<typeof rechargeCreated>>(API.recharge, input, { idempotent: true });

export function useSubmitRecharge() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: submitRecharge, onSuccess: () => qc.invalidateQueries({ queryKey: walletKeys.all }) });
}
