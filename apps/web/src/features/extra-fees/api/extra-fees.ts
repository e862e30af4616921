import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { z } from 'zod';
import type { extraFeeCapLogRow, extraFeeCapRow, extraFeeDecision, extraFeeSettingsAnswer, orderExtraFees, platformExtraFeeRow } from '@portal/domain/contract/extra-fees';
import { EXTRA_FEE_API, EXTRA_FEE_MSG, PLATFORM_EXTRA_FEE_API, type ExtraFeeRequestInput } from '@portal/domain/extra-fees';
import { http } from '../../../lib/request';
import { orderKeys } from '../../../lib/order-keys';
import { platformHttp } from '../../../platform/lib/platform-request';

export type OrderExtraFees = z.infer<typeof orderExtraFees>;
export type ExtraFeeRow = OrderExtraFees['requests'][number];
export type ExtraFeeCapRow = z.infer<typeof extraFeeCapRow>;
export type ExtraFeeCapLogRow = z.infer<typeof extraFeeCapLogRow>;
export type ExtraFeeSettings = z.infer<typeof extraFeeSettingsAnswer>;
export type PlatformExtraFeeRow = z.infer<typeof platformExtraFeeRow>;

/** Under the orders' prefix: every order change (and a live event) refreshes the block too. */
export const extraFeeKeys = {
  order: (id: number | string) => [...orderKeys.all, 'extraFees', String(id)] as const,
  platform: ['platform', 'orders', 'extraFees'] as const,
  caps: ['extraFeeCaps'] as const,
};

/** GET /api/app/extraFees/order/{id}: the order's requests and the cap that applies. */
export const useOrderExtraFees = (id: number) =>
  useQuery(queryOptions({ queryKey: extraFeeKeys.order(id), queryFn: () => http.get<OrderExtraFees>(EXTRA_FEE_API.ofOrder(id)) }));
/** GET /api/platform/extraFees/order/{id}: the same for the console (the cap shown to the master before asking). */
export const usePlatformOrderExtraFees = (id: number) =>
  useQuery(queryOptions({ queryKey: [...extraFeeKeys.platform, String(id)], queryFn: () => platformHttp.get<OrderExtraFees>(PLATFORM_EXTRA_FEE_API.ofOrder(id)) }));

/** Approve (debits the balance) or reject with a reason. */
export function useDecideExtraFee() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (v: { id: number; approve: true } | { id: number; approve: false; reason: string }) =>
      v.approve
        ? http.post<z.infer<typeof extraFeeDecision>>(EXTRA_FEE_API.approve(v.id), undefined, { idempotent: true })
        : http.post<z.infer<typeof extraFeeDecision>>(EXTRA_FEE_API.reject(v.id), { reason: v.reason }),
    onSuccess: async (_d, v) => {
      message.success(v.approve ? EXTRA_FEE_MSG.approved : EXTRA_FEE_MSG.rejected);
      await qc.invalidateQueries({ queryKey: orderKeys.all });
      await qc.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

/** The console asks for the master (answers the request's status: 0 pending, 1 approved by the cap, 2 refused). */
export function useRequestExtraFee(orderId: number) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (body: ExtraFeeRequestInput) => platformHttp.post<{ id: number; status: number; statusName: string }>(PLATFORM_EXTRA_FEE_API.ofOrder(orderId), body, { idempotent: true }),
    onSuccess: async (d) => {
      const text = d.status === 1 ? EXTRA_FEE_MSG.autoApproved : d.status === 2 ? EXTRA_FEE_MSG.overCapRefused : EXTRA_FEE_MSG.requested;
      if (d.status === 2) message.warning(text);
      else message.success(text);
      await qc.invalidateQueries({ queryKey: ['platform'] });
    },
  });
}

export const usePlatformExtraFees = (status: number | undefined, pageNum: number) =>
  useQuery({ queryKey: [...extraFeeKeys.platform, 'list', status, pageNum], queryFn: () => platformHttp.page<PlatformExtraFeeRow>(PLATFORM_EXTRA_FEE_API.list, { status, pageNum, pageSize: 20 }) });

// 加价上限
export const useCaps = () => useQuery({ queryKey: [...extraFeeKeys.caps, 'list'], queryFn: () => http.get<ExtraFeeCapRow[]>(EXTRA_FEE_API.caps) });
export const useCapLogs = (pageNum: number) => useQuery({ queryKey: [...extraFeeKeys.caps, 'logs', pageNum], queryFn: () => http.page<ExtraFeeCapLogRow>(EXTRA_FEE_API.capLogs, { pageNum, pageSize: 10 }) });
export const useExtraFeeSettings = () => useQuery({ queryKey: [...extraFeeKeys.caps, 'settings'], queryFn: () => http.get<ExtraFeeSettings>(EXTRA_FEE_API.settings) });

export function useCapMutation<V>(fn: (v: V) => Promise<unknown>, okText: string) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      message.success(okText);
      await qc.invalidateQueries({ queryKey: extraFeeKeys.caps });
    },
  });
}
export const saveCap = (body: { categoryId: number; serviceType: number; productId?: number; cap: string }) => http.post<null>(EXTRA_FEE_API.caps, body);
export const removeCap = (id: number) => http.post<null>(EXTRA_FEE_API.capRemove(id), {});
export const saveSettings = (body: ExtraFeeSettings) => http.post<ExtraFeeSettings>(EXTRA_FEE_API.settings, body);
