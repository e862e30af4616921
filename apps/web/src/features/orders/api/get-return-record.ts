import { API } from '@portal/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/request';

/** The returned-part record of an order (spec 02 §3 Returned-item record). */
export interface ReturnRecord {
  expressBillImg: string | string[];
  expressCompanyName: string;
  expressNumber: string;
  /** 0: the vendor pays the courier */
  paymentType: number;
  expressFee: number;
  expressVoucher: string | string[];
  returnedPhotos: string[];
  /** 0 pending */
  checkStatus: number;
  reason?: string;
  /** the vendor's return address */
  receiverName?: string;
  receiverPhone?: string;
  provinceName?: string;
  cityName?: string;
  districtName?: string;
  detailAddress?: string;
}

/** GET /api/app/information/getInfo/{orderId}. */
export const getReturnRecord = (orderId: number) => http.get<ReturnRecord | null>(API.returnInfo(orderId));

export const useReturnRecord = (orderId: number, enabled: boolean) =>
  useQuery({ queryKey: ['orders', 'return', orderId], queryFn: () => getReturnRecord(orderId), enabled });
