import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GalleryRow } from '@portal/domain/after-sales';
import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';

export interface GalleryParams {
  categoryId?: number;
  keyword?: string;
  minTime?: string;
  maxTime?: string;
  serviceType?: number;
  pageNum: number;
  pageSize: number;
}

/** The gallery list (API.galleryList, docs/decisions/081): orders with their completion pictures. */
export const getGallery = (params: GalleryParams) => http.page<GalleryRow>(API.galleryList, { ...params });

export const useGallery = (params: GalleryParams) =>
  useQuery({ queryKey: ['gallery', 'list', params], queryFn: () => getGallery(params), placeholderData: keepPreviousData });
