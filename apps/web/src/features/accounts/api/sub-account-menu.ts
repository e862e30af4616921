import { useQuery } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { PermissionNode } from '@portal/domain/accounts';
import { http } from '../../../lib/request';

export const subAccountMenuKey = (userId: number) => ['accounts', 'subAccountMenu', userId] as const;
/** GET /api/app/user/getSubAccountMenu/{userId} */
export const getSubAccountMenu = (userId: number) => http.get<PermissionNode[]>(API.subAccountMenu(userId));
export const useSubAccountMenu = (userId: number | undefined) =>
  useQuery({ queryKey: subAccountMenuKey(userId ?? 0), queryFn: () => getSubAccountMenu(userId!), enabled: !!userId });
