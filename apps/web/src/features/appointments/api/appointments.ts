import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { z } from 'zod';
import { APPOINTMENT_MSG, type AppointSlotValue } from '@portal/domain/appointments';
import { APPOINTMENT_API, type AppointmentViewAnswer, type creditRuleRow, type MerchantRescheduleBody } from '@portal/domain/contract/appointments';
import { CREDIT_MSG, type creditRuleBody } from '@portal/domain/timeliness-credit';
import { orderKeys, refreshOrders } from '../../../lib/order-keys';
import { http } from '../../../lib/request';
import { platformHttp } from '../../../platform/lib/platform-request';

// Issue 46: an order's appointment (window, failed booking, reschedule requests, timeliness credits)
// and the console's credit rules.

export type AppointmentView = AppointmentViewAnswer;
export type CreditRule = z.infer<typeof creditRuleRow>;

export const appointmentKeys = {
  platform: ['platform', 'appointments'] as const,
  rules: ['platform', 'timelinessRules'] as const,
};

/**
 * The merchant's card is order data (`orderKeys.appointment`): every change of the order — a live
 * event, the tab shown again, the merchant's own action — reads it again (decision 269).
 */
export const appointmentQuery = (id: number) => queryOptions({ queryKey: orderKeys.appointment(id), queryFn: () => http.get<AppointmentView>(APPOINTMENT_API.view(id)) });
/** `version`: what the console knows of the order's state (it reads again when the order moved). */
export const platformAppointmentQuery = (id: number, version = '') =>
  queryOptions({ queryKey: [...appointmentKeys.platform, id, version], queryFn: () => platformHttp.get<AppointmentView>(APPOINTMENT_API.platformView(id)) });
export const useAppointment = (id: number, console = false, version = '') => {
  const merchant = useQuery({ ...appointmentQuery(id), enabled: !console });
  const platform = useQuery({ ...platformAppointmentQuery(id, version), enabled: console });
  return console ? platform : merchant;
};

/** POST /api/app/order/reschedule: the merchant's preferred window. */
export function useRequestReschedule() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (b: Omit<MerchantRescheduleBody, 'appointSlot'> & { appointSlot: AppointSlotValue }) => http.post<null>(APPOINTMENT_API.reschedule, b, { idempotent: true }),
    onSuccess: async (_, b) => {
      message.success(APPOINTMENT_MSG.rescheduleOk);
      // the request is a line of the order's log too
      await refreshOrders(qc, b.orderId);
    },
  });
}

export const creditRulesQuery = () => queryOptions({ queryKey: appointmentKeys.rules, queryFn: () => platformHttp.get<CreditRule[]>(APPOINTMENT_API.rules) });

export function useSaveCreditRule() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (b: z.input<typeof creditRuleBody>) => platformHttp.post<CreditRule[]>(APPOINTMENT_API.rules, b),
    onSuccess: (rows) => {
      message.success(CREDIT_MSG.saved);
      qc.setQueryData(creditRulesQuery().queryKey, rows);
    },
  });
}

export function useRemoveCreditRule() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (id: number) => platformHttp.post<null>(APPOINTMENT_API.ruleRemove(id), {}),
    onSuccess: async () => {
      message.success(CREDIT_MSG.removed);
      await qc.invalidateQueries({ queryKey: appointmentKeys.rules });
    },
  });
}
