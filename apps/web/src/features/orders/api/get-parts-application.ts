import { API } from '@portal/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/request';

/** The master's latest parts request of an order and what the vendor shipped for it (spec 02 §3 Parts). */
export interface PartsApplication {
  id: number;
  applyAccessories: string;
  productPic: string[];
  productVideo: string[];
  remarks: string;
  company: string;
  trackingNum: string;
  phone?: string;
  /** the shipping info can be entered only once */
  filled?: boolean;
  createTime?: string;
}

/** GET /api/app/application/getLast/{orderId}; null when the master asked for none. */
export const getPartsApplication = (orderId: number) => http.get<PartsApplication | null>(API.applicationLast(orderId));

export const usePartsApplication = (orderId: number, enabled: boolean) =>
  useQuery({ queryKey: ['orders', 'parts', orderId], queryFn: () => getPartsApplication(orderId), enabled });
