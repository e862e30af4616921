import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { PriceField } from '@portal/domain/enums';
import type { ProductFile } from '@portal/domain/products';
import { http } from '../../../lib/request';
import { productKeys } from './keys';

export type AddProductBody = {
  categoryId: number;
  modelName: string;
  productPicture: string;
  productVideo: Array<Omit<ProductFile, 'fileType'> & { fileType?: number }>;
  finishedDrawing: Array<Omit<ProductFile, 'fileType'> & { fileType?: number }>;
  name?: string;
  phone?: string;
} & Partial<Record<PriceField, number>>;

/** POST /api/app/products: a new product, under review until the platform passes it. */
export const addProduct = (body: AddProductBody) => http.post<{ id: number }>(API.productAdd, body);

export function useAddProduct() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addProduct, onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.all }) });
}
