import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { manufacturerInfoKey } from './get-manufacturer-info';

export interface ManufacturerInfoPayload {
  name: string;
  company: string;
  contacts: string;
  license: string;
  avatar: string;
  technicalUserVoList: Array<{ name?: string; phone?: string }>;
  umsUserAddressVoList: Array<Record<string, unknown>>;
}

/** POST /api/app/user/editManufacturerInfo */
export const editManufacturerInfo = (body: ManufacturerInfoPayload) => http.post<null>(API.editManufacturerInfo, body);
export function useEditManufacturerInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: editManufacturerInfo,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: manufacturerInfoKey });
      void qc.invalidateQueries({ queryKey: ['orders', 'manufacturerInfo'] });
    },
  });
}
