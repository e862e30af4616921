import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { walletInfo } from '@portal/domain/contract/wallet';
import { http } from '../../../lib/request';
import { walletKeys } from './keys';

/** The balance in yuan (two decimals): the route's response schema. */
export type WalletInfo = z.infer<typeof walletInfo>;

/** GET /api/app/wallet/getInfo */
export const walletQuery = () => queryOptions({ queryKey: [...walletKeys.all, 'info'], queryFn: () => http.get<WalletInfo>(API.wallet) });
export const useWallet = () => useQuery(walletQuery());
