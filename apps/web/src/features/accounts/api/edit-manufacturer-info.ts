import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { manufacturerInfoBody } from '@portal/domain/accounts';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { accountKeys } from './keys';

/** What `manufacturerInfoBody` (the route's schema) accepts. */
export type ManufacturerInfoPayload = z.input<typeof manufacturerInfoBody>;

/** POST /api/app/user/editManufacturerInfo */
export const editManufacturerInfo = (body: ManufacturerInfoPayload) => http.post<null>(API.editManufacturerInfo, body);
export function useEditManufacturerInfo() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: editManufacturerInfo, onSuccess: () => Promise.all([accountKeys.manufacturerInfo, accountKeys.orderFormInfo].map((queryKey) => qc.invalidateQueries({ queryKey }))) });
}
