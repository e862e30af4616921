import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountRecord } from '@portal/domain/wallet';
import { PLATFORM_WALLET_API } from '@portal/domain/wallet';
import { platformHttp } from '../../../platform/lib/platform-request';
import { walletKeys } from './keys';

export interface PlatformRecharge {
  id: number;
  vendorId: number;
  company: string;
  phone: string;
  amount: number;
  credentials: string;
  credentialsUrl: string;
  remarks: string;
  payStatus: number;
  payTime: string;
  transactionFlowNo: string;
  operator: string;
  rejectReason: string;
  handledTime: string;
  balanceAfter: number | null;
}

export interface PlatformVendor {
  id: number;
  company: string;
  name: string;
  phone: string;
  balance: number;
  pendingRecharges: number;
  createTime: string;
}

export interface AdjustInput {
  vendorId: number;
  paymentType: number;
  /** Yuan with at most two decimals. */
  amount: string;
  reason: string;
  orderNo?: string;
}

type Paging = { pageNum: number; pageSize: number };

export const useRecharges = (params: Paging & { payStatus?: number; keyword?: string }) =>
  useQuery({
    queryKey: [...walletKeys.platform, 'recharges', params],
    queryFn: () => platformHttp.page<PlatformRecharge>(PLATFORM_WALLET_API.recharges, { ...params }),
    placeholderData: keepPreviousData,
  });

export const usePlatformVendors = (params: Paging & { keyword?: string }) =>
  useQuery({
    queryKey: [...walletKeys.platform, 'vendors', params],
    queryFn: () => platformHttp.page<PlatformVendor>(PLATFORM_WALLET_API.vendors, { ...params }),
    placeholderData: keepPreviousData,
  });

export const useVendorRecords = (vendorId: number | null, params: Paging) =>
  useQuery({
    queryKey: [...walletKeys.platform, 'vendorRecords', vendorId, params],
    queryFn: () => platformHttp.page<AccountRecord>(PLATFORM_WALLET_API.vendorRecords(vendorId!), { ...params }),
    enabled: vendorId !== null,
    placeholderData: keepPreviousData,
  });

function usePlatformMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: walletKeys.platform }) });
}

export const useConfirmRecharge = () => usePlatformMutation((id: number) => platformHttp.post<{ balance: number }>(PLATFORM_WALLET_API.confirm(id), {}, { idempotent: true }));
export const useRejectRecharge = () =>
  usePlatformMutation(({ id, reason }: { id: number; reason: string }) => platformHttp.post(PLATFORM_WALLET_API.reject(id), { reason }, { idempotent: true }));
export const useAdjustBalance = () => usePlatformMutation((input: AdjustInput) => platformHttp.post<{ balance: number }>(PLATFORM_WALLET_API.adjust, input, { idempotent: true }));
