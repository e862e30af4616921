import { API } from '@portal/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/request';

/** GET /api/app/wallet/getInfo: the balance (yuan) the payment screen offers. */
export const getBalance = async () => (await http.get<{ balance: number }>(API.wallet)).balance;

export const useBalance = () => useQuery({ queryKey: ['wallet', 'balance'], queryFn: getBalance });
