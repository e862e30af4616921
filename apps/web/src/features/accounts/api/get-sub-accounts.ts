import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { SubAccountRow } from '@portal/domain/accounts';
import { http } from '../../../lib/request';

export const subAccountsKey = ['accounts', 'subAccounts'] as const;
/** GET /api/app/user/getSubAccounts (paged) */
export const getSubAccounts = (pageNum: number, pageSize: number) => http.page<SubAccountRow>(API.subAccounts, { pageNum, pageSize }, { lock: false });
export const useSubAccounts = (pageNum: number, pageSize: number) =>
  useQuery({ queryKey: [...subAccountsKey, pageNum, pageSize], queryFn: () => getSubAccounts(pageNum, pageSize), placeholderData: keepPreviousData });
/** Every sub-account, for the permission tab's picker. */
export const useAllSubAccounts = () => useQuery({ queryKey: [...subAccountsKey, 'all'], queryFn: () => getSubAccounts(1, 500) });
