import { API } from '@portal/domain/api-paths';
import dayjs from 'dayjs';
import { http } from '../../../lib/request';
import type { OrderListParams } from './get-orders';

/** POST /api/app/order/export (`orderExportBody`): the filters plus listOrderId (checked ids) → 工单记录<timestamp>.xlsx. */
export const exportOrders = (filters: Omit<OrderListParams, 'pageNum' | 'pageSize'>, listOrderId: number[]) =>
  http.download(API.orderExport, { ...filters, listOrderId }, `工单记录${dayjs().format('YYYYMMDDHHmmss')}.xlsx`);
