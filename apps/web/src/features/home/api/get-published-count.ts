import { API } from '@portal/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/request';
import { countOf } from '../../../lib/count-of';
import { orderKeys } from '../../../lib/order-keys';

/** GET /api/app/order/receiveOrderAllCount: published orders counted by the server (home adds the base). */
export const getPublishedCount = async () => countOf(await http.get<unknown>(API.receiveOrderAllCount));

export const usePublishedCount = () => useQuery({ queryKey: orderKeys.publishedCount, queryFn: getPublishedCount });
