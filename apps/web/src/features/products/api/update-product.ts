import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { productKeys } from './keys';

/** POST /api/app/products/update: only the technical instructor (id, name, phone). */
export const updateProduct = (body: { id: number; name: string; phone: string }) => http.post<null>(API.productUpdate, body);

export function useUpdateProduct() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateProduct, onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all }) });
}
