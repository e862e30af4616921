import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { sessionToken } from '@portal/domain/contract/access';
import { http } from '../../../lib/request';

/** What a login or registration answers (contract `sessionToken`). */
type TokenAnswer = z.infer<typeof sessionToken>;

// Forms map their own errors onto fields and toasts, so these calls stay silent where noted.

/** `uuid`/`code`: the graphic captcha, sent once the server has asked for it (decision 113). */
type LoginCaptcha = { uuid?: string; code?: string };
export const passwordLogin = (body: ({ isSubAccount: false; phone: string; password: string } | { isSubAccount: true; account: string; password: string }) & LoginCaptcha) =>
  http.post<TokenAnswer>(API.login, body);

export const smsLogin = (body: { phone: string; captcha: string; isSubAccount: boolean }) => http.post<TokenAnswer>(API.loginMobile, body);

export const register = (body: { phone: string; captcha: string; company: string; password: string }) =>
  http.post<TokenAnswer>(API.register, body);

export const forgetPassword = (body: { phone: string; captcha: string; password: string }) => http.post<null>(API.forget, body);
