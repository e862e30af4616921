import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { API } from '@portal/domain/api-paths';
import { MSG } from '@portal/domain/messages';
import { http } from '../../../lib/request';
import { orderKeys } from '../../../lib/order-keys';
import { afterSaleKeys } from './keys';

/** POST /api/app/afterSales/cancel/{id}: withdraw while the platform reviews; toasts 取消成功. */
export const cancelAfterSale = (id: number) => http.post<null>(API.afterSaleCancel(id));

export function useCancelAfterSale() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: cancelAfterSale,
    onSuccess: async () => {
      message.success(MSG.cancelOk);
      await Promise.all([qc.invalidateQueries({ queryKey: afterSaleKeys.all }), qc.invalidateQueries({ queryKey: orderKeys.all })]);
    },
  });
}
