import type { z } from 'zod';
import type { grantMenuBody } from '@portal/domain/accounts';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

type Grant = z.input<typeof grantMenuBody>;

/** POST /api/app/user/addSubAccountsMenu/{userId} {menuId, dataPermissions} (`grantMenuBody`) */
export const grantSubAccountMenu = (userId: number, menuId: Grant['menuId'], dataPermissions: Grant['dataPermissions']) =>
  http.post<null>(API.addSubAccountMenu(userId), { menuId, dataPermissions }, { lock: false });
