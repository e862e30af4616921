import { API } from '@portal/domain/api-paths';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/request';

/** The praise-promotion proof of an order (spec 02 §3 Positive-review record). */
export interface PraiseRecord {
  amount: number;
  certificate: string[];
  checkStatus?: number;
}

/** GET /api/app/praise/getInfo/{orderId}. */
export const getPraiseRecord = (orderId: number) => http.get<PraiseRecord | null>(API.praiseInfo(orderId));

export const usePraiseRecord = (orderId: number, enabled: boolean) =>
  useQuery({ queryKey: ['orders', 'praise', orderId], queryFn: () => getPraiseRecord(orderId), enabled });
