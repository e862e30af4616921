import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { manufacturerInfo } from '@portal/domain/contract/accounts';
import { http } from '../../../lib/request';
import { accountKeys } from './keys';

export type ManufacturerInfo = z.infer<typeof manufacturerInfo>;

/** GET /api/app/user/getManufacturerInfo: the company profile (the profile screen and the order form read it). */
export const getManufacturerInfo = () => http.get<ManufacturerInfo>(API.manufacturerInfo);
export const manufacturerInfoQuery = () => queryOptions({ queryKey: accountKeys.manufacturerInfo, queryFn: getManufacturerInfo });
export const useManufacturerInfo = () => useQuery(manufacturerInfoQuery());
