import { queryOptions, useQuery } from '@tanstack/react-query';
import { PLATFORM_ORDER_API, type MasterFilter, type PlatformMaster } from '@portal/domain/orders-platform';
import { platformHttp } from '../../../platform/lib/platform-request';
import { platformOrderKeys } from './keys';

/** The console's master (domain `platformMaster`). */
export type Master = PlatformMaster;
export type { MasterFilter };

/** GET /api/platform/masters/list. */
export const mastersQuery = (f: MasterFilter = {}, enabled = true) =>
  queryOptions({ queryKey: [...platformOrderKeys.masters, f], queryFn: () => platformHttp.get<Master[]>(PLATFORM_ORDER_API.masters, { query: { ...f } }), enabled });

export const useMasters = (f: MasterFilter, enabled = true) => useQuery(mastersQuery(f, enabled));
