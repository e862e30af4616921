import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { sendOldPhoneCodeBody } from '@portal/domain/validation';
import { http } from '../../../lib/request';

/**
 * POST /api/sendPhoneSmsCode {code, uuid, type} (`sendOldPhoneCodeBody`): a code to the caller's bound
 * phone, to verify it before changing it (oldPhone, the default) or to change the password (forget).
 */
export const sendOldPhoneCode = (body: z.input<typeof sendOldPhoneCodeBody>) => http.post<null>(API.sendOldPhoneCode, body);
