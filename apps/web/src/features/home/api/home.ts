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

export interface QuickOrderItem {
  id: number;
  categoryName: string;
  modelName: string;
  productPicture: string;
  number: number;
  omsOrder?: { id?: number; serviceType?: number };
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
export const getQuickOrders = () => http.page<QuickOrderItem>(API.quicklyOrder, { pageSize: 14, pageNum: 1 }, { silent: true });
export const getNotices = () => http.page<Notice>(API.noticeList, {}, { silent: true });
