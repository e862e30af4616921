import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { z } from 'zod';
import {
  PLATFORM_AFTER_SALE_API,
  type afterSaleApproveBody,
  type afterSaleCompleteBody,
  type afterSaleRejectBody,
  type platformAfterSaleListQuery,
} from '@portal/domain/after-sales';
import type { platformAfterSaleDetail, platformAfterSaleRow } from '@portal/domain/contract/after-sales';
import { platformHttp } from '../../../platform/lib/platform-request';
import { afterSaleKeys } from './keys';

/** The console queue's filters (`platformAfterSaleListQuery`). */
export type PlatformAfterSaleParams = Partial<z.infer<typeof platformAfterSaleListQuery>> & { pageNum: number; pageSize: number };
export type PlatformAfterSaleRow = z.infer<typeof platformAfterSaleRow>;
export type PlatformAfterSaleDetail = z.infer<typeof platformAfterSaleDetail>;

/** The console's queue of every vendor's cases. */
export const platformAfterSalesQuery = (params: PlatformAfterSaleParams) =>
  queryOptions({
    queryKey: [...afterSaleKeys.platform, 'list', params],
    queryFn: () => platformHttp.page<PlatformAfterSaleRow>(PLATFORM_AFTER_SALE_API.list, { ...params }),
    placeholderData: keepPreviousData,
  });
export const usePlatformAfterSales = (params: PlatformAfterSaleParams) => useQuery(platformAfterSalesQuery(params));

export const platformAfterSaleQuery = (id: number | null) =>
  queryOptions({
    queryKey: [...afterSaleKeys.platform, 'detail', id],
    queryFn: () => platformHttp.get<PlatformAfterSaleDetail>(PLATFORM_AFTER_SALE_API.detail(id!)),
    enabled: id !== null,
  });
export const usePlatformAfterSale = (id: number | null) => useQuery(platformAfterSaleQuery(id));

// Bodies as `afterSaleApproveBody`, `afterSaleRejectBody`, `afterSaleCompleteBody` accept them.
type Action =
  | ({ kind: 'approve'; id: number } & z.input<typeof afterSaleApproveBody>)
  | ({ kind: 'reject'; id: number } & z.input<typeof afterSaleRejectBody>)
  | { kind: 'processing'; id: number }
  | ({ kind: 'complete'; id: number } & z.input<typeof afterSaleCompleteBody>);

const once = { idempotent: true };
const run = (a: Action) => {
  switch (a.kind) {
    case 'approve':
      return platformHttp.post(PLATFORM_AFTER_SALE_API.approve(a.id), { processingStatus: a.processingStatus, remark: a.remark }, once);
    case 'reject':
      return platformHttp.post(PLATFORM_AFTER_SALE_API.reject(a.id), { reason: a.reason }, once);
    case 'processing':
      return platformHttp.post(PLATFORM_AFTER_SALE_API.processing(a.id), {}, once);
    case 'complete':
      return platformHttp.post(PLATFORM_AFTER_SALE_API.complete(a.id), { remark: a.remark }, once);
  }
};

const DONE: Record<Action['kind'], string> = { approve: '审核通过', reject: '已驳回', processing: '已更新为师傅处理中', complete: '售后已完成' };

/** Review and handling actions of the console; each refreshes the queue. */
export function usePlatformAfterSaleAction() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: run,
    onSuccess: async (_d, a) => {
      message.success(DONE[a.kind]);
      await qc.invalidateQueries({ queryKey: afterSaleKeys.platform });
    },
  });
}
