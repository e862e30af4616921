import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { subAccountRow } from '@portal/domain/contract/accounts';
import { http } from '../../../lib/request';
import { accountKeys } from './keys';

export type SubAccountRow = z.infer<typeof subAccountRow>;

/** GET /api/app/user/getSubAccounts (paged) */
export const getSubAccounts = (pageNum: number, pageSize: number) => http.page<SubAccountRow>(API.subAccounts, { pageNum, pageSize }, { lock: false });
export const subAccountsQuery = (pageNum: number, pageSize: number) =>
  queryOptions({ queryKey: [...accountKeys.subAccounts, pageNum, pageSize], queryFn: () => getSubAccounts(pageNum, pageSize), placeholderData: keepPreviousData });
export const useSubAccounts = (pageNum: number, pageSize: number) => useQuery(subAccountsQuery(pageNum, pageSize));
/** Every sub-account, for the permission tab's picker. */
export const allSubAccountsQuery = () => queryOptions({ queryKey: [...accountKeys.subAccounts, 'all'], queryFn: () => getSubAccounts(1, 500) });
export const useAllSubAccounts = () => useQuery(allSubAccountsQuery());
