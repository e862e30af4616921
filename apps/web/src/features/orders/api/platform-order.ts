import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import type { OrderDetail } from '@portal/domain/orders';
import { useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../platform/lib/platform-request';

/** The console's order detail: the vendor's view plus vendor, master, pictures and parts records. */
export interface PlatformOrderDetail extends OrderDetail {
  vendorCompany: string;
  master: { id: number; name: string; phone: string } | null;
  outWarrantyFee: number;
  completionPics: Array<{ id: number; fileUrl: string; fileType: number; orderProductId: number | null }>;
  materials: Array<{ id: number; applyAccessories: string; company: string; trackingNum: string; status: number }>;
}

/** GET /api/platform/orders/{id}. */
export const getPlatformOrder = (id: number | string) => platformHttp.get<PlatformOrderDetail>(PLATFORM_ORDER_API.detail(id));

export const usePlatformOrder = (id: string | undefined) =>
  useQuery({ queryKey: ['platform', 'orders', 'detail', id], queryFn: () => getPlatformOrder(id!), enabled: !!id });
