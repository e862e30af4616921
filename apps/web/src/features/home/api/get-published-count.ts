import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { countOf } from '../../../lib/count-of';
import { homeKeys } from './keys';

/** GET /api/app/order/receiveOrderAllCount: published orders counted by the server (home adds the base). */
export const getPublishedCount = async () => countOf(await http.get<number>(API.receiveOrderAllCount));

export const publishedCountQuery = () => queryOptions({ queryKey: homeKeys.publishedCount, queryFn: getPublishedCount });
export const usePublishedCount = () => useQuery(publishedCountQuery());
