import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { productCreated } from '@portal/domain/contract/products';
import type { productAddBody } from '@portal/domain/products';
import { http } from '../../../lib/request';
import { productKeys } from './keys';

/** What `productAddBody` (the route's schema) accepts. */
export type AddProductBody = z.input<typeof productAddBody>;

/** POST /api/app/products: a new product, under review until the platform passes it. */
export const addProduct = (body: AddProductBody) => http.post<z.infer<typeof productCreated>>(API.productAdd, body);

export function useAddProduct() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addProduct, onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all }) });
}
