import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { PLATFORM_AFTER_SALE_API, type AfterSaleDetail, type AfterSaleRow } from '@portal/domain/after-sales';
import { platformHttp } from '../../../platform/lib/platform-request';
import { afterSaleKeys } from './keys';

export interface PlatformAfterSaleParams {
  keyword?: string;
  status?: number;
  checkStatus?: number;
  type?: number;
  pageNum: number;
  pageSize: number;
}

/** The console's queue of every vendor's cases. */
export const usePlatformAfterSales = (params: PlatformAfterSaleParams) =>
  useQuery({
    queryKey: [...afterSaleKeys.platform, 'list', params],
    queryFn: () => platformHttp.page<AfterSaleRow>(PLATFORM_AFTER_SALE_API.list, { ...params }),
    placeholderData: keepPreviousData,
  });

export const usePlatformAfterSale = (id: number | null) =>
  useQuery({
    queryKey: [...afterSaleKeys.platform, 'detail', id],
    queryFn: () => platformHttp.get<AfterSaleDetail>(PLATFORM_AFTER_SALE_API.detail(id!)),
    enabled: id !== null,
  });

type Action =
  | { kind: 'approve'; id: number; processingStatus?: number; remark?: string }
  | { kind: 'reject'; id: number; reason: string }
  | { kind: 'processing'; id: number }
  | { kind: 'complete'; id: number; remark?: string };

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
