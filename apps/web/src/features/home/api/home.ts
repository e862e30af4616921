import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

/** Spec 01 §3 order statistics. */
export interface OrderStatistics {
  total: number;
  obligations: number;
  pendingOrder: number;
  serviced: number;
  settled: number;
  completed: number;
  afterSale: number;
}

/** A quick-order tile: a product of the vendor's frequent recent orders, with that order's service. */
export interface QuickOrderItem {
  productId: number;
  categoryName: string;
  modelName: string;
  productPicture: string;
  number: number;
  maintenanceType: number | null;
  omsOrder: { serviceType: number; parole: number; serviceTypeName?: string };
}

export interface Notice {
  id: number;
  title: string;
  image: string;
  content: string;
  createTime: string;
}

/** Home page parts load quietly: a missing part shows zeros or nothing rather than an error toast. */
export const getOrderStatistics = () => http.get<OrderStatistics>(API.orderStatistics, { silent: true });
export const getQuickOrders = async () => (await http.page<QuickOrderItem>(API.quicklyOrder, { pageSize: 14, pageNum: 1 }, { silent: true })).rows;
export const getNotices = () => http.page<Notice>(API.noticeList, {}, { silent: true });
