import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { captchaImage } from '@portal/domain/contract/access';
import type { SmsType } from '@portal/domain/enums';
import { http } from '../../lib/request';

/** A graphic captcha (contract `captchaImage`): its uuid and the image as a data: URL. */
export type Captcha = z.infer<typeof captchaImage>;

export const getCaptcha = () => http.get<Captcha>(API.captchaImage);

export const sendCode = (body: { phone: string; code: string; uuid: string; type: SmsType }) => http.post<null>(API.sendCode, body);
