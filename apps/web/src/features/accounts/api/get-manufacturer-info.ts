import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { manufacturerInfo, orderFormInfo } from '@portal/domain/contract/accounts';
import { http } from '../../../lib/request';
import { accountKeys } from './keys';

export type ManufacturerInfo = z.infer<typeof manufacturerInfo>;

/** GET /api/app/user/getManufacturerInfo: the company profile (the profile screen and the order form read it). */
export const getManufacturerInfo = () => http.get<ManufacturerInfo>(API.manufacturerInfo);
export const manufacturerInfoQuery = () => queryOptions({ queryKey: accountKeys.manufacturerInfo, queryFn: getManufacturerInfo });
export const useManufacturerInfo = () => useQuery(manufacturerInfoQuery());

/** GET /api/app/user/orderFormInfo: the order form's part of the profile, under the create key (decision 282). */
export const useOrderFormInfo = () =>
  useQuery(queryOptions({ queryKey: accountKeys.orderFormInfo, queryFn: () => http.get<z.infer<typeof orderFormInfo>>(API.orderFormInfo) }));
