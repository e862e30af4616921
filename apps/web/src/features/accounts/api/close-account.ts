import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

/** POST /api/logoff: close the account. */
export const closeAccount = () => http.post<null>(API.logoff);
