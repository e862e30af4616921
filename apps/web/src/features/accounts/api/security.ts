import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

// The security screen's calls (spec 01 §7); each is one endpoint.
/** POST /api/update/pass {captcha, password}: the code was sent to the bound phone (type forget). */
export const updatePassword = (body: { captcha: string; password: string }) => http.post<null>(API.updatePass, body);
/** POST /api/sendPhoneSmsCode {code, uuid}: a code to the bound (old) phone. */
export const sendOldPhoneCode = (body: { code: string; uuid: string }) => http.post<null>(API.sendOldPhoneCode, body);
/** POST /api/update/changePhoneCaptcha {captcha}: step 1 of the phone change. */
export const checkOldPhone = (captcha: string) => http.post<null>(API.changePhoneCaptcha, { captcha });
/** POST /api/update/changePhone {captcha, newCaptcha, newPhone}: step 2. */
export const changePhone = (body: { captcha: string; newCaptcha: string; newPhone: string }) => http.post<null>(API.changePhone, body);
/** POST /api/logoff: close the account. */
export const closeAccount = () => http.post<null>(API.logoff);
