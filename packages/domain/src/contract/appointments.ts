import { z } from 'zod';
import '../validation';
import { APPOINTMENT_MSG, RESCHEDULE_REASON_MAX, isAppointSlot, isCalendarDate } from '../appointments';
import { id } from '../validation';
import { time, yuan } from './envelope';

// Requests and answers of issue 46's appointment windows and timeliness credit (the merchant's and
// the console's routes).

export const APPOINTMENT_API = {
  /** the merchant asks for another window */
  reschedule: '/api/app/order/reschedule',
  /** the order's window, failed booking, reschedule requests and credits */
  view: (orderId: number | string) => `/api/app/order/appointment/${orderId}`,
  platformView: (orderId: number | string) => `/api/platform/orders/${orderId}/appointment`,
  rules: '/api/platform/timeliness/rules',
  ruleRemove: (ruleId: number | string) => `/api/platform/timeliness/rules/remove/${ruleId}`,
} as const;

export const merchantRescheduleBody = z.object({
  orderId: id,
  appointDate: z
    .string({ error: APPOINTMENT_MSG.rescheduleDateRequired })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, APPOINTMENT_MSG.rescheduleDateRequired)
    .refine(isCalendarDate, APPOINTMENT_MSG.rescheduleDateInvalid),
  appointSlot: z.string({ error: APPOINTMENT_MSG.rescheduleSlotRequired }).refine(isAppointSlot, APPOINTMENT_MSG.rescheduleSlotRequired),
  reason: z
    .string({ error: APPOINTMENT_MSG.rescheduleReasonRequired })
    .trim()
    .min(1, APPOINTMENT_MSG.rescheduleReasonRequired)
    .max(RESCHEDULE_REASON_MAX, APPOINTMENT_MSG.rescheduleReasonTooLong),
});
export type MerchantRescheduleBody = z.infer<typeof merchantRescheduleBody>;

const request = z.object({
  id: z.number().int(),
  by: z.string().describe('merchant 商家 | customer 客户'),
  byName: z.string(),
  date: z.string(),
  slot: z.string(),
  slotName: z.string(),
  reason: z.string(),
  state: z.string().describe('pending 待处理 | done 已改约'),
  stateName: z.string(),
  requester: z.string(),
  createTime: time,
  doneTime: time,
});

export const creditRow = z.object({
  id: z.number().int(),
  stage: z.string(),
  stageName: z.string(),
  amount: yuan,
  dueTime: time,
  createTime: time,
  transactionFlowNo: z.string(),
});

export const appointmentView = z
  .object({
    /** the order's status (the merchant may ask for another window at RESCHEDULE_STATUSES) */
    status: z.number().int(),
    window: z.object({ date: z.string(), slot: z.string(), slotName: z.string(), text: z.string(), start: time, end: time }).nullable(),
    failure: z.object({ reason: z.string(), reasonName: z.string(), note: z.string(), time }).nullable(),
    requests: z.array(request),
    credits: z.array(creditRow),
  })
  .meta({ id: 'AppointmentView' });
export type AppointmentViewAnswer = z.infer<typeof appointmentView>;

export const creditRuleRow = z.object({
  id: z.number().int(),
  serviceType: z.number().int(),
  serviceTypeName: z.string(),
  stage: z.string(),
  stageName: z.string(),
  promiseHours: z.number().int().nullable(),
  kind: z.string().describe('fixed 固定金额 | share 按订单金额比例'),
  kindName: z.string(),
  amount: yuan,
  percent: z.number().int(),
  cap: yuan,
  creditText: z.string(),
  updatedBy: z.string(),
  updateTime: time,
});
