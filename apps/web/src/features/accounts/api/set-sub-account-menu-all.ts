import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

/** POST /api/app/user/setSubAccountMenuAll/{userId}/{flag}: 1 every menu, 0 none. */
export const setSubAccountMenuAll = (userId: number, all: boolean) => http.post<null>(API.setSubAccountMenuAll(userId, all ? 1 : 0));
