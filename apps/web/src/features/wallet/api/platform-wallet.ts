import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { accountRecord, balanceAdjusted, platformRecharge, platformVendorBalance, topUpConfirmed } from '@portal/domain/contract/wallet';
import { PLATFORM_WALLET_API, type adjustBody, type platformRechargeQuery, type platformVendorQuery } from '@portal/domain/wallet';
import { platformHttp } from '../../../platform/lib/platform-request';
import { walletKeys } from './keys';

// The console's wallet (decision 030): every shape is the route's own schema in the domain package.
export type PlatformRecharge = z.infer<typeof platformRecharge>;
export type PlatformVendor = z.infer<typeof platformVendorBalance>;
export type AdjustInput = z.input<typeof adjustBody>;
type RechargeParams = z.infer<typeof platformRechargeQuery>;
type VendorParams = z.infer<typeof platformVendorQuery>;
type Paging = { pageNum: number; pageSize: number };

export const rechargesQuery = (params: RechargeParams) =>
  queryOptions({
    queryKey: [...walletKeys.platform, 'recharges', params],
    queryFn: () => platformHttp.page<PlatformRecharge>(PLATFORM_WALLET_API.recharges, { ...params }),
    placeholderData: keepPreviousData,
  });
export const useRecharges = (params: RechargeParams) => useQuery(rechargesQuery(params));

export const platformVendorsQuery = (params: VendorParams) =>
  queryOptions({
    queryKey: [...walletKeys.platform, 'vendors', params],
    queryFn: () => platformHttp.page<PlatformVendor>(PLATFORM_WALLET_API.vendors, { ...params }),
    placeholderData: keepPreviousData,
  });
export const usePlatformVendors = (params: VendorParams) => useQuery(platformVendorsQuery(params));

export const vendorRecordsQuery = (vendorId: number | null, params: Paging) =>
  queryOptions({
    queryKey: [...walletKeys.platform, 'vendorRecords', vendorId, params],
    queryFn: () => platformHttp.page<z.infer<typeof accountRecord>>(PLATFORM_WALLET_API.vendorRecords(vendorId!), { ...params }),
    enabled: vendorId !== null,
    placeholderData: keepPreviousData,
  });
export const useVendorRecords = (vendorId: number | null, params: Paging) => useQuery(vendorRecordsQuery(vendorId, params));

/** A console decision: every console wallet list is read again. */
function usePlatformMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: walletKeys.platform }) });
}

export const useConfirmRecharge = () =>
  usePlatformMutation((id: number) => platformHttp.post<z.infer<typeof topUpConfirmed>>(PLATFORM_WALLET_API.confirm(id), {}, { idempotent: true }));
export const useRejectRecharge = () =>
  usePlatformMutation(({ id, reason }: { id: number; reason: string }) => platformHttp.post(PLATFORM_WALLET_API.reject(id), { reason }, { idempotent: true }));
export const useAdjustBalance = () =>
  usePlatformMutation((input: AdjustInput) => platformHttp.post<z.infer<typeof balanceAdjusted>>(PLATFORM_WALLET_API.adjust, input, { idempotent: true }));
