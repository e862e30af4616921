import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

/** POST /api/update/changePhoneCaptcha {captcha}: step 1 of the phone change. */
export const checkOldPhone = (captcha: string) => http.post<null>(API.changePhoneCaptcha, { captcha });
