import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

/** POST /api/update/changePhone {captcha, newCaptcha, newPhone}: step 2. */
export const changePhone = (body: { captcha: string; newCaptcha: string; newPhone: string }) => http.post<null>(API.changePhone, body);
