import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { z } from 'zod';
import { API } from '@portal/domain/api-paths';
import type { afterSaleApplyBody } from '@portal/domain/after-sales';
import { MSG } from '@portal/domain/messages';
import { http } from '../../../lib/request';
import { orderKeys } from '../../../lib/order-keys';
import { afterSaleKeys } from './keys';

/** What `afterSaleApplyBody` (the route's schema) accepts. */
export type ApplyAfterSaleBody = z.input<typeof afterSaleApplyBody>;

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
