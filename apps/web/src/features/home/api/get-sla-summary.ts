import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { slaSummary } from '@portal/domain/contract/notifications';
import { http } from '../../../lib/request';
import { homeKeys } from './keys';

/** GET /api/app/sla/summary (issue 19): the caller's orders past their due time and due within the soon window. */
export const slaSummaryQuery = () =>
  queryOptions({ queryKey: homeKeys.slaSummary, queryFn: () => http.get<z.infer<typeof slaSummary>>(API.slaSummary), retry: false, refetchInterval: 60_000 });
export const useSlaSummary = () => useQuery(slaSummaryQuery());
