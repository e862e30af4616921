import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { changePhoneCaptchaBody } from '@portal/domain/validation';
import { http } from '../../../lib/request';

/** POST /api/update/changePhoneCaptcha {captcha} (`changePhoneCaptchaBody`): step 1 of the phone change. */
export const checkOldPhone = (captcha: z.input<typeof changePhoneCaptchaBody>['captcha']) => http.post<null>(API.changePhoneCaptcha, { captcha });
