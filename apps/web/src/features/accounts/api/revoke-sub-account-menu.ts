import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

/** POST /api/app/user/delectSubAccountMenu/{menuId}/{userId} */
export const revokeSubAccountMenu = (userId: number, menuId: number) => http.post<null>(API.removeSubAccountMenu(menuId, userId), undefined, { lock: false });
