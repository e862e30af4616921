import type { z } from 'zod';
import type { changePasswordByOldBody } from '@portal/domain/accounts';
import { API } from '@portal/domain/api-paths';
import type { changePasswordBody } from '@portal/domain/validation';
import { http } from '../../../lib/request';

/**
 * POST /api/update/pass {captcha, password} (`changePasswordBody`): the code was sent to the bound phone
 * (type forget); a sub-account without a phone sends {oldPassword, password} (`changePasswordByOldBody`, decision 095).
 */
export const updatePassword = (body: z.input<typeof changePasswordBody> | z.input<typeof changePasswordByOldBody>) => http.post<null>(API.updatePass, body);
