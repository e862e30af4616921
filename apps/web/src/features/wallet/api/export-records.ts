import { API } from '@portal/domain/api-paths';
import { WALLET_MSG } from '@portal/domain/wallet';
import { http } from '../../../lib/request';
import type { RecordFilters } from './get-records';

/** POST /api/app/records/export as a blob; saved under the server's timestamped name. */
export const exportRecords = (filters: RecordFilters) => http.download(API.recordsExport, filters, `${WALLET_MSG.exportName}${Date.now()}.xlsx`);
