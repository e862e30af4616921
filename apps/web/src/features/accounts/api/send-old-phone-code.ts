import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

/**
 * POST /api/sendPhoneSmsCode {code, uuid, type}: a code to the caller's bound phone, to verify it
 * before changing it (oldPhone, the default) or to change the password (forget).
 */
export const sendOldPhoneCode = (body: { code: string; uuid: string; type?: 'oldPhone' | 'forget' }) => http.post<null>(API.sendOldPhoneCode, body);
