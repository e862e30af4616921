import { PLATFORM_ORDER_API } from '@portal/domain/orders-platform';
import { useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../platform/lib/platform-request';

export interface Master {
  id: number;
  name: string;
  phone: string;
  provinceCode: string;
  cityCode: string;
  districtCodes: string[];
  /** service types the master does */
  skills: number[];
  /** 0–5 */
  rating: number;
}

export interface MasterFilter {
  cityCode?: string;
  districtCode?: string;
  serviceType?: number;
  keyWords?: string;
}

/** GET /api/platform/masters/list. */
export const getMasters = (f: MasterFilter = {}) => platformHttp.get<Master[]>(PLATFORM_ORDER_API.masters, { query: { ...f } });

export const useMasters = (f: MasterFilter, enabled = true) =>
  useQuery({ queryKey: ['platform', 'masters', f], queryFn: () => getMasters(f), enabled });
