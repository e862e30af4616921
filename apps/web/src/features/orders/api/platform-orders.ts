import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import type { OrderRow } from '@portal/domain/orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../platform/lib/platform-request';

/** A row of the console's order list: the vendor's row plus vendor and master. */
export interface PlatformOrderRow extends OrderRow {
  vendorId: number;
  vendorCompany: string;
  master: { id: number; name: string; phone: string } | null;
}

export interface PlatformOrderListParams {
  keyWords?: string;
  status?: number;
  pageNum: number;
  pageSize: number;
}

/** GET /api/platform/orders/list: every vendor's orders (console). */
export const getPlatformOrders = (p: PlatformOrderListParams) => platformHttp.page<PlatformOrderRow>(PLATFORM_ORDER_API.list, { ...p });

export const usePlatformOrders = (p: PlatformOrderListParams) =>
  useQuery({ queryKey: ['platform', 'orders', 'list', p], queryFn: () => getPlatformOrders(p), placeholderData: keepPreviousData });
