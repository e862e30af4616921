import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { platformOrderRow } from '@portal/domain/contract/orders';
import type { OrderRow } from '@portal/domain/orders';
import { PLATFORM_ORDER_API, type platformOrderListQuery } from '@portal/domain/orders-platform';
import { platformHttp } from '../../../platform/lib/platform-request';
import { platformOrderKeys } from './keys';

/** A row of the console's order list: the vendor's row plus vendor and master (contract `platformOrderRow`). */
export type PlatformOrderRow = OrderRow & Pick<z.infer<typeof platformOrderRow>, 'vendorId' | 'vendorCompany' | 'master'>;

/** The console list's filters (`platformOrderListQuery`). */
export type PlatformOrderListParams = Partial<z.infer<typeof platformOrderListQuery>> & { pageNum: number; pageSize: number };

/** GET /api/platform/orders/list: every vendor's orders (console). */
export const getPlatformOrders = (p: PlatformOrderListParams) => platformHttp.page<PlatformOrderRow>(PLATFORM_ORDER_API.list, { ...p });

export const platformOrdersQuery = (p: PlatformOrderListParams) =>
  queryOptions({ queryKey: [...platformOrderKeys.all, 'list', p], queryFn: () => getPlatformOrders(p), placeholderData: keepPreviousData });
export const usePlatformOrders = (p: PlatformOrderListParams) => useQuery(platformOrdersQuery(p));
