import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { subAccountBody } from '@portal/domain/validation';
import { http } from '../../../lib/request';
import { accountKeys } from './keys';

/** What `subAccountBody` (the route's schema) accepts; with an id it is an update. */
export type SubAccountPayload = z.input<typeof subAccountBody>;

/** POST /api/app/user/addSubAccounts, or upSubAccounts when the payload has an id. */
export const saveSubAccount = (body: SubAccountPayload) => http.post<{ id: number } | null>(body.id ? API.updateSubAccount : API.addSubAccount, body);
export function useSaveSubAccount() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveSubAccount, onSuccess: () => void qc.invalidateQueries({ queryKey: accountKeys.subAccounts }) });
}
