import type { z } from 'zod';
import type { scopeMenuBody } from '@portal/domain/accounts';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

type Scope = z.input<typeof scopeMenuBody>;

/** POST /api/app/user/upDataSubAccountsMenu/{userId} {menuId, dataPermissions: 0 all, 1 own} (`scopeMenuBody`) */
export const setSubAccountMenuScope = (userId: number, menuId: Scope['menuId'], dataPermissions: Scope['dataPermissions']) =>
  http.post<null>(API.updateSubAccountMenuScope(userId), { menuId, dataPermissions }, { lock: false });
