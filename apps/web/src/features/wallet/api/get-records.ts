import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { AccountRecord } from '@portal/domain/wallet';
import { http } from '../../../lib/request';
import { walletKeys } from './keys';

/** Filters of the ledger (spec 01 §7): all optional; times 'YYYY-MM-DD HH:mm:ss' in Shanghai time. */
export interface RecordFilters {
  orderNo?: string;
  changeType?: number;
  paymentType?: number;
  minPayTime?: string;
  maxPayTime?: string;
}

/** GET /api/app/records/list: rows and total. */
export const getRecords = (params: RecordFilters & { pageNum: number; pageSize: number }) => http.page<AccountRecord>(API.records, { ...params });

export const useRecords = (params: RecordFilters & { pageNum: number; pageSize: number }) =>
  useQuery({ queryKey: walletKeys.records(params), queryFn: () => getRecords(params), placeholderData: keepPreviousData });
