import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { z } from 'zod';
import type { platformOrderMoved } from '@portal/domain/contract/orders';
import { MSG } from '@portal/domain/messages';
import { PLATFORM_ORDER_API, type platformActionBody, type PlatformOrderAction } from '@portal/domain/orders-platform';
import { platformHttp } from '../../../platform/lib/platform-request';
import { platformOrderKeys } from './keys';

/** POST /api/platform/orders/{id}/{action}: one state-machine move, acting for the master. */
export const runPlatformOrderAction = (v: { id: number; action: PlatformOrderAction; body: Partial<z.input<typeof platformActionBody>> }) =>
  platformHttp.post<z.infer<typeof platformOrderMoved>>(PLATFORM_ORDER_API.action(v.id, v.action), v.body, { idempotent: true });

export function usePlatformOrderAction() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: runPlatformOrderAction,
    onSuccess: async () => {
      message.success(MSG.submitOk);
      await qc.invalidateQueries({ queryKey: platformOrderKeys.all });
    },
  });
}
