import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { platformOrderDetail } from '@portal/domain/contract/orders';
import type { OrderDetail } from '@portal/domain/orders';
import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { platformHttp } from '../../../platform/lib/platform-request';
import { platformOrderKeys } from './keys';

type ConsoleExtras = 'vendorCompany' | 'master' | 'outWarrantyFee' | 'praiseState' | 'returnState' | 'completionPics' | 'materials';
/** The console's order detail: the vendor's view plus vendor, master, pictures and parts records (contract `platformOrderDetail`). */
export type PlatformOrderDetail = OrderDetail & Pick<z.infer<typeof platformOrderDetail>, ConsoleExtras>;

/** GET /api/platform/orders/{id}. */
export const getPlatformOrder = (id: number | string) => platformHttp.get<PlatformOrderDetail>(PLATFORM_ORDER_API.detail(id));

export const platformOrderQuery = (id: string | undefined) =>
  queryOptions({ queryKey: [...platformOrderKeys.all, 'detail', id], queryFn: () => getPlatformOrder(id!), enabled: !!id });
export const usePlatformOrder = (id: string | undefined) => useQuery(platformOrderQuery(id));
