import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { categoryNode } from '@portal/domain/contract/products';
import { http } from '../../../lib/request';
import { productKeys } from './keys';

/** GET /api/app/category/list type=1: the whole category tree {id, name, child}. */
export const getCategories = () => http.get<Array<z.infer<typeof categoryNode>>>(API.categoryList, { query: { type: 1 } });

export const categoriesQuery = () => queryOptions({ queryKey: productKeys.categories, queryFn: getCategories, staleTime: 10 * 60_000 });
export const useCategories = () => useQuery(categoriesQuery());
