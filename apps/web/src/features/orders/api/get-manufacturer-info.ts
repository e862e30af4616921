import { API } from '@portal/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/request';

/** The parts of the manufacturer info order creation uses (spec 02 §3 Other). */
export interface OrderManufacturerInfo {
  technicalUserVoList?: Array<{ name: string; phone: string }>;
  umsUserAddressList?: Array<{ id: number; paymentType: number; realName: string; phone: string; region?: string; detailAddress: string }>;
  manufacturerOutletDiscountFlag?: number | boolean;
  orderDiscountFlag?: number | boolean;
}

/** GET /api/app/user/getManufacturerInfo. */
export const getManufacturerInfo = () => http.get<OrderManufacturerInfo>(API.manufacturerInfo);

export const useManufacturerInfo = () =>
  useQuery({ queryKey: ['orders', 'manufacturerInfo'], queryFn: getManufacturerInfo, staleTime: 60_000 });
