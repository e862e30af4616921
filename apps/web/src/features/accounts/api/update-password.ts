import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

/**
 * POST /api/update/pass {captcha, password}: the code was sent to the bound phone (type forget);
 * a sub-account without a phone sends {oldPassword, password} (docs/decisions/095).
 */
export const updatePassword = (body: { captcha: string; password: string } | { oldPassword: string; password: string }) => http.post<null>(API.updatePass, body);
