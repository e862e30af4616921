import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { orderStatistics, quickOrderItem } from '@portal/domain/contract/orders';
import type { notice } from '@portal/domain/contract/site';
import { http } from '../../../lib/request';
import { homeKeys } from './keys';

/** Spec 01 §3 order statistics. */
export type OrderStatistics = z.infer<typeof orderStatistics>;
/** A quick-order tile: a product of the vendor's frequent recent orders, with that order's service. */
export type QuickOrderItem = z.infer<typeof quickOrderItem>;
export type Notice = z.infer<typeof notice>;

/** Home page parts load quietly: a missing part shows zeros or nothing rather than an error toast. */
export const getOrderStatistics = () => http.get<OrderStatistics>(API.orderStatistics, { silent: true });
export const getQuickOrders = async () => (await http.page<QuickOrderItem>(API.quicklyOrder, { pageSize: 14, pageNum: 1 }, { silent: true })).rows;
export const getNotices = () => http.page<Notice>(API.noticeList, {}, { silent: true });

const quiet = { retry: false } as const;
export const orderStatisticsQuery = () => queryOptions({ queryKey: homeKeys.statistics, queryFn: getOrderStatistics, ...quiet });
export const quickOrdersQuery = () => queryOptions({ queryKey: homeKeys.quickOrders, queryFn: getQuickOrders, ...quiet });
export const noticesQuery = () => queryOptions({ queryKey: [...homeKeys.all, 'notices'], queryFn: getNotices, ...quiet });
