import { useQuery } from '@tanstack/react-query';
import { API } from '@portal/domain/api-paths';
import type { CategoryNode } from '@portal/domain/products';
import { http } from '../../../lib/request';
import { productKeys } from './keys';

/** GET /api/app/category/list type=1: the whole category tree {id, name, child}. */
export const getCategories = () => http.get<CategoryNode[]>(API.categoryList, { query: { type: 1 } });

export const useCategories = () => useQuery({ queryKey: productKeys.categories, queryFn: getCategories, staleTime: 10 * 60_000 });
