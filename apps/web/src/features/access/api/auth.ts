import { API } from '@portal/domain/api-paths';
import type { SmsType } from '@portal/domain/enums';
import { http } from '../../../lib/request';

export interface Captcha {
  uuid: string;
  /** data: URL of the image. */
  img: string;
}
interface TokenAnswer {
  token: string;
}

// Forms map their own errors onto fields and toasts, so these calls stay silent where noted.
export const getCaptcha = () => http.get<Captcha>(API.captchaImage);

export const sendCode = (body: { phone: string; code: string; uuid: string; type: SmsType }) => http.post<null>(API.sendCode, body);

export const passwordLogin = (body: { isSubAccount: false; phone: string; password: string } | { isSubAccount: true; account: string; password: string }) =>
  http.post<TokenAnswer>(API.login, body);

export const smsLogin = (body: { phone: string; captcha: string; isSubAccount: boolean }) => http.post<TokenAnswer>(API.loginMobile, body);

export const register = (body: { phone: string; captcha: string; company: string; password: string }) =>
  http.post<TokenAnswer>(API.register, body);

export const forgetPassword = (body: { phone: string; captcha: string; password: string }) => http.post<null>(API.forget, body);
