import { API } from '@portal/domain/api-paths';
import type { SmsType } from '@portal/domain/enums';
import { http } from '../../lib/request';

export interface Captcha {
  uuid: string;
  /** data: URL of the image. */
  img: string;
}

export const getCaptcha = () => http.get<Captcha>(API.captchaImage);

export const sendCode = (body: { phone: string; code: string; uuid: string; type: SmsType }) => http.post<null>(API.sendCode, body);
