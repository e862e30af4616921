import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { galleryListQuery } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import type { galleryRow } from '@portal/domain/contract/after-sales';
import { http } from '../../../lib/request';
import { galleryKeys } from './keys';

export type GalleryRow = z.infer<typeof galleryRow>;
/** The gallery's filters (`galleryListQuery`). */
export type GalleryParams = Partial<z.infer<typeof galleryListQuery>> & { pageNum: number; pageSize: number };

/** The gallery list (API.galleryList, docs/decisions/081): orders with their completion pictures. */
export const getGallery = (params: GalleryParams) => http.page<GalleryRow>(API.galleryList, { ...params });

export const galleryQuery = (params: GalleryParams) =>
  queryOptions({ queryKey: galleryKeys.list(params), queryFn: () => getGallery(params), placeholderData: keepPreviousData });
export const useGallery = (params: GalleryParams) => useQuery(galleryQuery(params));
