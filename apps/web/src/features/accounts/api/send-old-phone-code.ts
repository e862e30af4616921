import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

/** POST /api/sendPhoneSmsCode {code, uuid}: a code to the bound (old) phone. */
export const sendOldPhoneCode = (body: { code: string; uuid: string }) => http.post<null>(API.sendOldPhoneCode, body);
