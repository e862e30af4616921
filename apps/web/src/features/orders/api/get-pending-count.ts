import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { countOf } from '../../../lib/count-of';
import { orderKeys } from './keys';

/** GET /api/app/order/dealtWithOrder: how many orders wait for the vendor (list header). */
export const getPendingCount = async () => countOf(await http.get<number>(API.dealtWithOrder));

export const pendingCountQuery = () => queryOptions({ queryKey: orderKeys.pendingCount, queryFn: getPendingCount });
export const usePendingCount = () => useQuery(pendingCountQuery());
