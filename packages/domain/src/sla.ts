import { z } from 'zod';

// Order timeliness (issue 19, decisions 176–178): the stage an order is in, when that stage is due,
// and the platform-wide targets. The server stores each order's stage and due time on every move
// (sla_stage, sla_due_at); "overdue" is the due time compared with now when answering.

export const SLA_STAGE = { accept: 'accept', appointment: 'appointment', checkIn: 'checkIn', completion: 'completion', urgent: 'urgent' } as const;
export type SlaStage = (typeof SLA_STAGE)[keyof typeof SLA_STAGE];
const STAGE_LABEL: Record<SlaStage, string> = {
  accept: '待接单',
  appointment: '待预约',
  checkIn: '待上门',
  completion: '待完工',
  urgent: '加急时效',
};
export const slaStageLabel = (s: string | null | undefined) => (s && s in STAGE_LABEL ? STAGE_LABEL[s as SlaStage] : '');

/** The platform-wide targets (hours and minutes); the console edits them. */
export interface SlaTargets {
  /** payment → a master accepts */
  acceptHours: number;
  /** acceptance → an appointment is made */
  appointmentHours: number;
  /** the appointment time → check-in, minutes of grace after it */
  checkInGraceMinutes: number;
  /** check-in → completion requested */
  completionHours: number;
  /** an order due within this many minutes counts as 即将超时 */
  soonMinutes: number;
}
export const DEFAULT_SLA_TARGETS: SlaTargets = { acceptHours: 2, appointmentHours: 24, checkInGraceMinutes: 0, completionHours: 72, soonMinutes: 60 };

/** Urgent orders: their paid window, payment → completion requested (URGENT_TYPE 1: 12 h, 2: 24 h). */
export const URGENT_WINDOW_HOURS: Record<number, number> = { 1: 12, 2: 24 };

export const SLA_MSG = {
  hoursInvalid: '时效请输入1到720之间的整数小时',
  graceInvalid: '签到宽限请输入0到1440之间的整数分钟',
  soonInvalid: '即将超时提醒请输入1到1440之间的整数分钟',
  overdue: '已超时',
  soon: '即将超时',
  breachReason: '平台服务超时（未在时效内完成）',
} as const;

const hours = z.coerce.number({ error: SLA_MSG.hoursInvalid }).int(SLA_MSG.hoursInvalid).min(1, SLA_MSG.hoursInvalid).max(720, SLA_MSG.hoursInvalid);
export const slaTargetsBody = z.object({
  acceptHours: hours,
  appointmentHours: hours,
  checkInGraceMinutes: z.coerce.number({ error: SLA_MSG.graceInvalid }).int(SLA_MSG.graceInvalid).min(0, SLA_MSG.graceInvalid).max(1440, SLA_MSG.graceInvalid),
  completionHours: hours,
  soonMinutes: z.coerce.number({ error: SLA_MSG.soonInvalid }).int(SLA_MSG.soonInvalid).min(1, SLA_MSG.soonInvalid).max(1440, SLA_MSG.soonInvalid),
});

/** The list filter `sla`: 已超时 / 即将超时. */
export const SLA_FILTER = { overdue: 'overdue', soon: 'soon' } as const;
export const slaFilterOptions = [
  { value: 'soon', label: SLA_MSG.soon },
  { value: 'overdue', label: SLA_MSG.overdue },
] as const;

/** `sla` of an order answer: the running stage, its due time (Shanghai text) and whether it has passed. */
export interface OrderSla {
  stage: SlaStage | null;
  stageName: string;
  dueAt: string;
  overdue: boolean;
  /** how many stages of this order were recorded as breached (the after-sales reason is offered then) */
  breaches: number;
}

/**
 * The stage an order in `status` is in, or null when nothing runs against the platform (unpaid,
 * waiting on the vendor, finished). Urgent orders run one window from payment to completion.
 */
export function slaStageOf(status: number, urgent: boolean): SlaStage | null {
  if (urgent && [200, 210, 300, 310, 400, 500, 510].includes(status)) return 'urgent';
  if (status === 200 || status === 210) return 'accept';
  if (status === 300) return 'appointment';
  if (status === 400) return 'checkIn';
  if (status === 310 || status === 500 || status === 510) return 'completion';
  return null;
}

/** Milliseconds until due (negative: overdue) as a short Chinese countdown, e.g. 剩余 1小时20分 / 已超时. */
export function slaCountdown(msLeft: number): string {
  if (msLeft <= 0) return SLA_MSG.overdue;
  const minutes = Math.max(1, Math.floor(msLeft / 60000));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return `剩余 ${d ? `${d}天` : ''}${d || h ? `${h}小时` : ''}${d ? '' : `${m}分`}`;
}
