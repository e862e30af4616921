import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { productUpdateBody } from '@portal/domain/products';
import { http } from '../../../lib/request';
import { productKeys } from './keys';

/** POST /api/app/products/update: only the technical instructor (id, name, phone; `productUpdateBody`). */
export const updateProduct = (body: z.input<typeof productUpdateBody>) => http.post<null>(API.productUpdate, body);

export function useUpdateProduct() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateProduct, onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all }) });
}
