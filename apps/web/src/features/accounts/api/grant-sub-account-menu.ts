import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

/** POST /api/app/user/addSubAccountsMenu/{userId} {menuId, dataPermissions} */
export const grantSubAccountMenu = (userId: number, menuId: number, dataPermissions: number) =>
  http.post<null>(API.addSubAccountMenu(userId), { menuId, dataPermissions }, { lock: false });
