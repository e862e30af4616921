import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { http } from '../../../lib/request';
import { orderKeys } from '../../../lib/order-keys';
import { afterSaleKeys } from './keys';

export interface ApplyAfterSaleBody {
  orderId: number;
  type: number;
  money?: string;
  reasons: string[];
  description: string;
  voucher: string;
}

/** POST /api/app/afterSales/application; success toasts 添加成功 and refreshes orders and cases. */
export const applyAfterSale = (body: ApplyAfterSaleBody) => http.post<{ id: number }>(API.afterSaleApply, body, { idempotent: true });

export function useApplyAfterSale() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: applyAfterSale,
    onSuccess: async () => {
      message.success(MSG.addOk);
      await Promise.all([qc.invalidateQueries({ queryKey: orderKeys.all }), qc.invalidateQueries({ queryKey: afterSaleKeys.all })]);
    },
  });
}
