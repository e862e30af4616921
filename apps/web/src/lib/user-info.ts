import { API } from '@portal/domain/api-paths';
import { http } from './request';

export interface UserInfo {
  id: number;
  vendorId: number;
  phone: string;
  account: string;
  name: string;
  avatar: string | null;
  company: string;
  /** 1 for a sub-account. */
  subAccountFlag: number;
  role: string;
  permissions: string[];
  dataScopes: Record<string, number>;
}

export const userInfoQueryKey = ['access', 'userInfo'] as const;
export const getUserInfo = () => http.get<UserInfo>(API.userInfo);
