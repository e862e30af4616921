import { API } from '@portal/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/request';
import { orderKeys } from './keys';

/** A quick-order tile (spec 01 §3): a product of a recent order, with that order's service type. */
export interface QuickOrderItem {
  id: number;
  productId: number;
  categoryName: string;
  modelName: string;
  productPicture: string;
  number: number;
  omsOrder: { id: number; serviceType: number; parole?: number };
}

/** GET /api/app/order/quicklyOrder, page 1 size 14 (spec 01 §9). */
export const getQuickOrders = () => http.page<QuickOrderItem>(API.quicklyOrder, { pageSize: 14, pageNum: 1 });

export const useQuickOrders = (enabled = true) => useQuery({ queryKey: orderKeys.quick, queryFn: getQuickOrders, enabled });
