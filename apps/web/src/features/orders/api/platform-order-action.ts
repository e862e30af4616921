import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { MSG } from '@portal/domain/messages';
import { PLATFORM_ORDER_API, type PlatformActionBody, type PlatformOrderAction } from '@portal/domain/orders-platform';
import { platformHttp } from '../../../platform/lib/platform-request';

/** POST /api/platform/orders/{id}/{action}: one state-machine move, acting for the master. */
export const runPlatformOrderAction = (v: { id: number; action: PlatformOrderAction; body: Partial<PlatformActionBody> }) =>
  platformHttp.post<{ id: number; status: number; node: number }>(PLATFORM_ORDER_API.action(v.id, v.action), v.body, { idempotent: true });

export function usePlatformOrderAction() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: runPlatformOrderAction,
    onSuccess: async () => {
      message.success(MSG.submitOk);
      await qc.invalidateQueries({ queryKey: ['platform', 'orders'] });
    },
  });
}
