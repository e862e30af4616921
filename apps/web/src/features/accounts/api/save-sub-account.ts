import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { subAccountsKey } from './get-sub-accounts';

export interface SubAccountPayload {
  id?: number;
  name: string;
  phone: string;
  account: string;
  password: string;
}

/** POST /api/app/user/addSubAccounts, or upSubAccounts when the payload has an id. */
export const saveSubAccount = (body: SubAccountPayload) => http.post<null>(body.id ? API.updateSubAccount : API.addSubAccount, body);
export function useSaveSubAccount() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveSubAccount, onSuccess: () => void qc.invalidateQueries({ queryKey: subAccountsKey }) });
}
