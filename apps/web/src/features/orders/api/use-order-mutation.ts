import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { orderKeys } from './keys';

/** A mutation that changes an order: on success it toasts `okText` (if any) and refreshes every order view. */
export function useOrderMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, okText?: string) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      if (okText) message.success(okText);
      await qc.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
