import { API } from '@portal/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/request';
import { countOf } from '../../../lib/count-of';
import { orderKeys } from '../../../lib/order-keys';

/** GET /api/app/order/dealtWithOrder: how many orders wait for the vendor (list header). */
export const getPendingCount = async () => countOf(await http.get<unknown>(API.dealtWithOrder));

export const usePendingCount = () => useQuery({ queryKey: orderKeys.pendingCount, queryFn: getPendingCount });
