import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { productKeys } from './keys';

/** POST /api/app/products/delete/{ids}: one id or comma-joined ids. */
export const deleteProducts = (ids: number[]) => http.post<null>(API.productDelete(ids.join(',')), {});

export function useDeleteProducts() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteProducts, onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all }) });
}
