import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { accountKeys } from './keys';

/** POST /api/app/user/deleteSubAccounts/{id} */
export const deleteSubAccount = (id: number) => http.post<null>(API.deleteSubAccount(id));
export function useDeleteSubAccount() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteSubAccount, onSuccess: () => void qc.invalidateQueries({ queryKey: accountKeys.subAccounts }) });
}
