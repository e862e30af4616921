import { useQuery } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { ManufacturerInfo } from '@portal/domain/accounts';
import { http } from '../../../lib/request';

export const manufacturerInfoKey = ['accounts', 'manufacturerInfo'] as const;
/** GET /api/app/user/getManufacturerInfo */
export const getManufacturerInfo = () => http.get<ManufacturerInfo>(API.manufacturerInfo);
export const useManufacturerInfo = () => useQuery({ queryKey: manufacturerInfoKey, queryFn: getManufacturerInfo });
