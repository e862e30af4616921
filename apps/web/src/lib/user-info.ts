import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { userInfo } from '@portal/domain/contract/access';
import { http } from './request';

/** The signed-in vendor user (contract `userInfo`). */
export type UserInfo = z.infer<typeof userInfo>;

/** The key prefix of the signed-in user: invalidated when the phone or the session changes. */
export const userInfoQueryKey = ['access', 'userInfo'] as const;
export const getUserInfo = () => http.get<UserInfo>(API.userInfo);
/** GET /api/app/user/getInfo for this session's token. */
export const userInfoQuery = (token: string) =>
  queryOptions({ queryKey: [...userInfoQueryKey, token], queryFn: getUserInfo, enabled: !!token, staleTime: 60_000 });
