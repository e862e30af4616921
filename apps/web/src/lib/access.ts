import { useQuery } from '@tanstack/react-query';
import { hasPermission } from '@portal/domain/permissions';
import { userInfoQuery, type UserInfo } from './user-info';
import { vendorToken } from './token-store';

/** The signed-in vendor user and its permissions (a main account holds *:*:*). */
export function useAccess() {
  const token = vendorToken.use();
  const query = useQuery(userInfoQuery(token));
  const user: UserInfo | undefined = token ? query.data : undefined;
  const permissions = user?.permissions ?? [];
  return {
    loggedIn: !!token,
    user,
    loading: !!token && query.isPending,
    isMain: !!user && user.subAccountFlag !== 1,
    can: (perm: string) => hasPermission(permissions, perm),
  };
}
