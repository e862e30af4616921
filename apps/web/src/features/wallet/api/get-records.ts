import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { accountRecord } from '@portal/domain/contract/wallet';
import type { RecordsQuery } from '@portal/domain/wallet';
import { http } from '../../../lib/request';
import { walletKeys } from './keys';

/** Filters of the ledger (spec 01 §7, `recordsQuery`): all optional; times 'YYYY-MM-DD HH:mm:ss' in Shanghai time. */
export type RecordFilters = RecordsQuery;
export type AccountRecordRow = z.infer<typeof accountRecord>;
type Params = RecordFilters & { pageNum: number; pageSize: number };

/** GET /api/app/records/list: rows and total. */
export const recordsQuery = (params: Params) =>
  queryOptions({
    queryKey: [...walletKeys.all, 'records', params],
    queryFn: () => http.page<AccountRecordRow>(API.records, { ...params }),
    placeholderData: keepPreviousData,
  });
export const useRecords = (params: Params) => useQuery(recordsQuery(params));
