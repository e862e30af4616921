import { API } from '@portal/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/request';

export interface CompletionFile {
  fileUrl: string;
  /** 1 image, otherwise video */
  fileType: number;
}

/** Completion materials (spec 02 §3): pictures per product line, recycle pictures, materials, remarks. */
export interface CompletionMaterials {
  omsOrder?: { orderNo: string; realName: string };
  recycleImgs: CompletionFile[];
  omsOrderProductList: Array<{ id?: number; modelName: string; categoryName?: string; omsProductCompletionPicList: CompletionFile[] }>;
  /** pictures of the install materials the master submitted */
  auxiliaryMaterial: string[];
  remarks: string;
}

/** GET /api/app/detail/information/{orderId}. */
export const getCompletionMaterials = (orderId: number) => http.get<CompletionMaterials | null>(API.detailInformation(orderId));

export const useCompletionMaterials = (orderId: number, enabled: boolean) =>
  useQuery({ queryKey: ['orders', 'completion', orderId], queryFn: () => getCompletionMaterials(orderId), enabled });
