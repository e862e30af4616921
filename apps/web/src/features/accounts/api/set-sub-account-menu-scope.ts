import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

/** POST /api/app/user/upDataSubAccountsMenu/{userId} {menuId, dataPermissions: 0 all, 1 own} */
export const setSubAccountMenuScope = (userId: number, menuId: number, dataPermissions: number) =>
  http.post<null>(API.updateSubAccountMenuScope(userId), { menuId, dataPermissions }, { lock: false });
