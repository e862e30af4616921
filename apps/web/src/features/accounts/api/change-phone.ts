import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { changePhoneBody } from '@portal/domain/validation';
import { http } from '../../../lib/request';

/** POST /api/update/changePhone {captcha, newCaptcha, newPhone} (`changePhoneBody`): step 2. */
export const changePhone = (body: z.input<typeof changePhoneBody>) => http.post<null>(API.changePhone, body);
