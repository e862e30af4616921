import { useQuery } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { walletKeys } from './keys';

export interface WalletInfo {
  /** Yuan, two decimals. */
  balance: number;
}

/** GET /api/app/wallet/getInfo */
export const getWallet = () => http.get<WalletInfo>(API.wallet);
export const useWallet = () => useQuery({ queryKey: walletKeys.info(), queryFn: getWallet });
