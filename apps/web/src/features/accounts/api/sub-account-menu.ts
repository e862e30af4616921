import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { permissionNode } from '@portal/domain/contract/accounts';
import { http } from '../../../lib/request';
import { accountKeys } from './keys';

/** GET /api/app/user/getSubAccountMenu/{userId} */
export const getSubAccountMenu = (userId: number) => http.get<Array<z.infer<typeof permissionNode>>>(API.subAccountMenu(userId));
export const subAccountMenuQuery = (userId: number | undefined) =>
  queryOptions({ queryKey: accountKeys.subAccountMenu(userId ?? 0), queryFn: () => getSubAccountMenu(userId!), enabled: !!userId });
export const useSubAccountMenu = (userId: number | undefined) => useQuery(subAccountMenuQuery(userId));
